package cli

// Nardi is the nardi binary: the bot and the tools players and operators
// use. The lab's commands (training and measuring the networks) are
// another program, cmd/nardi-lab.
var Nardi = Program{
	Name:  "nardi",
	About: "nardi: a Telegram bot for short and long nardi, and the tools around it.",
	Commands: []Command{
		{"serve", "run the Telegram bot (configured by the environment: nardi serve --help)", cmdServe},
		{"health", "ask the running bot's /healthz (NARDI_METRICS_LISTEN, else NARDI_LISTEN); exit 0 when healthy", cmdHealth},
		{"export", "write a game or match as a .mat record for GNU Backgammon: nardi export --db FILE [--game ID]", cmdExport},
		{"moves", "list the legal plays of POSID D1 D2 lines read from stdin, as JSON lines", cmdMoves},
		{"best", "choose the computer's play for POSID D1 D2 lines from stdin, as JSON lines", cmdBest},
		{"cube", "decide the cube for POSID MATCHID lines from stdin (double now? take?), as JSON lines", cmdCube},
		{"show", "print a position as a text board: nardi show POSID", cmdShow},
		{"render", "draw boards as PNG: nardi render --pos POSID [--dice 65] --out FILE, or --out-dir DIR", cmdRender},
		{"version", "print the build's version (also nardi --version)", cmdVersion},
	},
}

// Package table is the centre of the bot: every use case a player has,
// with no transport. It starts a game against the computer; makes,
// accepts, cancels and expires challenges; takes a checker step, an undo,
// a confirmation, a typed play, a resignation and a timeout claim; makes
// the computer's move and every other automatic action; and runs the
// sweep that finishes what is due (also after a restart). Package bot is
// the Telegram adapter around it, and nothing here knows Telegram.
//
// Each use case is one call that takes who acts (an Actor: the person,
// the chat and the message they acted on) and what they saw (the game's
// move counter), and returns an Outcome: the game as it now stands, its
// board messages to redraw and what is due next; or a refusal, an *Error
// with a Code that the adapter maps to a message in the user's language.
//
// # The path of a tap
//
// The adapter (bot) decodes a button into a call such as Service.Step.
// The call goes through mutate, the one place where a game changes: it
// locks the game, loads it with its boards, checks that the tapped message
// is one of the game's boards and that the tapper sits at the table, lets
// package game apply the action (which checks the counter and the rules),
// works out the next automatic action (dueOf, the one source of "when"),
// and stores both with store.UpdateGame, guarded by the counter the game
// was loaded with. The Outcome goes back to the adapter, which answers the
// tap and redraws the boards it names; automatic actions that follow run
// here in the background (advance) and reach the adapter through
// Display.Redraw. A doubling cube action will be one more call of the same
// shape beside Step, over a game.Game method; a new kind of game (long
// nardi) is a rules.Variant and changes nothing here.
//
// # Which guard decides
//
// Whether an action is current is decided by one fact: the game's move
// counter as stored. store.UpdateGame writes only if the stored counter is
// still the one the game was loaded with (WHERE counter = ?); that is the
// authority, and it holds across processes. The other guards exist for
// other reasons: the per-game lock (locks) serialises one process's work
// on a game so that a double tap does not lose a race it would lose anyway
// at the store, and so that a board is recorded before a tap on it is
// handled; game.Game's own counter check refuses an action for an older
// state before any work is done, with the same counter, read under that
// lock; and a board's Shown counter (store.MarkShown) is not about
// actions at all: it keeps a slow edit from showing an older state over a
// newer one.
package table

package main

import (
	"fmt"
	"os"

	"nardi/ai"
	"nardi/ai/train"
)

// readNet reads a network file.
func readNet(path string) (*ai.Net, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	n := new(ai.Net)
	if err := n.UnmarshalBinary(data); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return n, nil
}

// judgeOf returns the 0-ply judge of the judged positions in path, nil
// when path is empty.
func judgeOf(path string) (func(*ai.Net) (float64, error), error) {
	if path == "" {
		return nil, nil
	}
	set, err := ai.LoadJudged(path)
	if err != nil {
		return nil, err
	}
	return func(n *ai.Net) (float64, error) { return ai.Judge0(n, set) }, nil
}

// writeNet writes the network to path, when there is one.
func writeNet(path string, net *ai.Net) error {
	if path == "" {
		return nil
	}
	data, err := net.MarshalBinary()
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// orDefault returns s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// besideJudge returns the 0-ply judge of the judged set in path for a
// network of one phase, played beside the other phase's network read
// from beside: a race network beside the main one when race, else a main
// network beside the race one.
func besideJudge(path, beside string, race bool) (func(*ai.Net) (float64, error), error) {
	set, err := ai.LoadJudged(path)
	if err != nil {
		return nil, err
	}
	other, err := train.ReadNet(beside)
	if err != nil {
		return nil, err
	}
	return func(n *ai.Net) (float64, error) {
		whole, err := pairNets(n, other, race)
		if err != nil {
			return 0, err
		}
		return ai.Judge0(whole, set)
	}, nil
}

// readPair reads the main network from path and the race network from
// race, paired as the evaluator plays them.
func readPair(path, race string) (*ai.Net, error) {
	main, err := train.ReadNet(path)
	if err != nil {
		return nil, err
	}
	raceNet, err := train.ReadNet(race)
	if err != nil {
		return nil, err
	}
	return pairNets(main, raceNet, false)
}

// setPruner gives net the pruner read from path (none when path is empty).
func setPruner(net *ai.Net, path string) error {
	if path == "" {
		return nil
	}
	p, err := train.ReadNet(path)
	if err != nil {
		return err
	}
	if err := net.SetPruner(p); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// pairNets returns the evaluator's network of n beside other: when race,
// n is the race network and other the main one, else the other way round.
// Neither is changed (the main network is copied).
func pairNets(n, other *ai.Net, race bool) (*ai.Net, error) {
	main, raceNet := n, other
	if race {
		main, raceNet = other, n
	}
	// a network of fewer inputs reads the others as 0: widened, it judges
	// as it did
	inputs := max(main.Inputs, raceNet.Inputs)
	whole := main.Widen(inputs)
	if err := whole.SetRace(raceNet.Widen(inputs)); err != nil {
		return nil, fmt.Errorf("pair the networks: %w", err)
	}
	return whole, nil
}

package cli

import (
	"nardi/ai"
	"nardi/rules"
)

// LoadPlayer builds the computer player for the flags' level and rules.
func LoadPlayer(levelName, rulesName string, scoring rules.Scoring) (*ai.Player, error) {
	level, err := ai.ParseLevel(levelName)
	if err != nil {
		return nil, err
	}
	ev, err := ShippedEvaluator(rulesName, scoring)
	if err != nil {
		return nil, err
	}
	return &ai.Player{Eval: ev, Level: level}, nil
}

// ShippedEvaluator is the shipped network's evaluator for the flags' rules.
func ShippedEvaluator(rulesName string, scoring rules.Scoring) (*ai.Evaluator, error) {
	rs, err := rules.ParseRuleSet(rulesName)
	if err != nil {
		return nil, err
	}
	net, err := ai.ShippedNet()
	if err != nil {
		return nil, err
	}
	return ai.NewEvaluator(net, rs, scoring), nil
}

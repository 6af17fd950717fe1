package ai

// pruneKeep is how many plays, ranked by the pruner, the network itself
// judges when a search looks for the best play of a roll (unless a
// level's style asks for more: see Evaluator.withKeep).
const pruneKeep = 4

// pruneShare is how many of the pruner's evaluations a search's work
// counts as one of the network's.
const pruneShare = 4

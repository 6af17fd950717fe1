package train

import "nardi/rules"

// Overlay gives candidates of base the chances that deeper, groups of the
// same plays labelled more deeply (the teacher's 2 plies where base has
// its 1 ply), gives them: a group of deeper whose plays all lie in one
// group of base relabels them there, and the rest of that group keeps its
// labels, so that the group teaches one order, not two. Base is changed in
// place; the groups of deeper that match none are appended as groups of
// their own. It returns the samples and how many groups matched.
func Overlay(base, deeper []Sample) ([]Sample, int) {
	wanted := make(map[rules.Position][]int)
	for i := range deeper {
		wanted[deeper[i].Pos] = nil
	}
	for i := range base {
		if base[i].Group < 0 {
			continue
		}
		if at, ok := wanted[base[i].Pos]; ok {
			wanted[base[i].Pos] = append(at, i)
		}
	}
	matched := 0
	var rest []Sample
	for i := 0; i < len(deeper); {
		j := unitEnd(deeper, i)
		if target := matchGroup(base, deeper[i:j], wanted); target != nil {
			for k, at := range target {
				base[at].Probs = deeper[i+k].Probs
			}
			matched++
		} else {
			rest = append(rest, deeper[i:j]...)
		}
		i = j
	}
	return append(base, rest...), matched
}

// matchGroup returns, for each play of group, its index in one group of
// base that holds them all (where lists base's candidates of each
// position), or nil when no group of base does.
func matchGroup(base, group []Sample, where map[rules.Position][]int) []int {
	if group[0].Group < 0 {
		return nil
	}
	for _, first := range where[group[0].Pos] {
		g := base[first].Group
		out := []int{first}
		for _, s := range group[1:] {
			at := -1
			for _, i := range where[s.Pos] {
				if base[i].Group == g {
					at = i
					break
				}
			}
			if at < 0 {
				break
			}
			out = append(out, at)
		}
		if len(out) == len(group) {
			return out
		}
	}
	return nil
}

package rules

// keySet is an open-addressing hash set of 128-bit position keys, cleared in
// constant time by bumping a generation stamp.
type keySet struct {
	slots []slot
	gen   uint32
	n     int
}

type slot struct {
	lo, hi uint64
	gen    uint32
}

func (s *keySet) reset() {
	s.n = 0
	s.gen++
	if s.gen == 0 || s.slots == nil {
		if s.slots == nil {
			s.slots = make([]slot, 256)
		}
		clear(s.slots)
		s.gen = 1
	}
}

func hashKey(lo, hi uint64) uint64 {
	h := lo*0x9E3779B97F4A7C15 ^ hi*0xC2B2AE3D27D4EB4F
	return h ^ h>>29
}

// add inserts the key and reports whether it was new.
func (s *keySet) add(lo, hi uint64) bool {
	mask := uint64(len(s.slots) - 1)
	for i := hashKey(lo, hi) & mask; ; i = (i + 1) & mask {
		e := &s.slots[i]
		if e.gen != s.gen {
			*e = slot{lo, hi, s.gen}
			s.n++
			if s.n*2 > len(s.slots) {
				s.grow()
			}
			return true
		}
		if e.lo == lo && e.hi == hi {
			return false
		}
	}
}

func (s *keySet) grow() {
	old, gen := s.slots, s.gen
	s.slots = make([]slot, 2*len(old))
	s.gen = 1
	mask := uint64(len(s.slots) - 1)
	for _, e := range old {
		if e.gen != gen {
			continue
		}
		i := hashKey(e.lo, e.hi) & mask
		for s.slots[i].gen == s.gen {
			i = (i + 1) & mask
		}
		s.slots[i] = slot{e.lo, e.hi, s.gen}
	}
}

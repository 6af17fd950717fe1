//go:build !amd64

package nn

// fastVectors tells whether the network's loops run in assembly.
const fastVectors = false

func axpy(h, w []float32, d float32) { axpyGo(h, w, d) }

func dots5(w, x []float32, out *[8]float32) { dots5Go(w, x, out) }

// AddRows sets h to base plus ds[r] times row rows[r] of w (rows of
// len(h) floats) for each r in order.
func AddRows(h, base, w []float32, rows []int32, ds []float32) { addRowsEach(h, base, w, rows, ds) }

func sigmoids(h []float32) { sigmoidsGo(h) }

package cli

import (
	"fmt"
	"io"
	"sync"
)

// OnWorkers runs do on each item on workers goroutines (at least one) and
// prints each line a success returns to stdout. After the first error, or
// once stop (when not nil) says so, no more items are begun; it returns
// that first error.
func OnWorkers[T any](workers int, items []T, stop func() bool, stdout io.Writer, do func(T) (string, error)) error {
	jobs := make(chan T)
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	for range max(1, workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for item := range jobs {
				line, err := do(item)
				mu.Lock()
				if err != nil && first == nil {
					first = err
				}
				if err == nil {
					fmt.Fprintln(stdout, line)
				}
				mu.Unlock()
			}
		}()
	}
	for _, item := range items {
		mu.Lock()
		failed := first != nil
		mu.Unlock()
		if failed || (stop != nil && stop()) {
			break
		}
		jobs <- item
	}
	close(jobs)
	wg.Wait()
	return first
}

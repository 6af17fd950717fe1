package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
)

// asset is one file of the page, kept plain and compressed.
type asset struct {
	plain, gz []byte
	kind, tag string
}

// pageFiles serves the page's files from memory, compressed when the
// client takes gzip, with an ETag so that a page opened again costs a
// 304; "/" is index.html.
type pageFiles map[string]asset

// loadPage reads and compresses every file of the page.
func loadPage(files fs.FS) (pageFiles, error) {
	out := pageFiles{}
	err := fs.WalkDir(files, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(files, name)
		if err != nil {
			return err
		}
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		w.Write(b)
		w.Close()
		sum := sha256.Sum256(b)
		kind := mime.TypeByExtension(path.Ext(name))
		if kind == "" {
			kind = "application/octet-stream"
		}
		out["/"+name] = asset{plain: b, gz: z.Bytes(), kind: kind, tag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		return nil
	})
	return out, err
}

func (p pageFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Path
	if name == "/" || name == "" {
		name = "/index.html"
	}
	a, ok := p[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", a.kind)
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", a.tag)
	h.Set("Vary", "Accept-Encoding")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	if r.Header.Get("If-None-Match") == a.tag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := a.plain
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		body = a.gz
	}
	w.Write(body)
}

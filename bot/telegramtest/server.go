// Package telegramtest is a fake Telegram Bot API server for tests: it
// speaks the multipart requests the bot sends, keeps every chat's messages
// with their pictures, captions and keyboards, delivers updates by long
// polling, and can enforce Telegram's limits and rate limits.
package telegramtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Token is the bot token the fake server accepts.
const Token = "123456:TEST-token"

// BotUsername is the username the fake server reports for the bot.
const BotUsername = "nardi_test_bot"

// Button is one inline keyboard button.
type Button struct {
	Text         string `json:"text"`
	CallbackData string `json:"callback_data,omitempty"`
	URL          string `json:"url,omitempty"`
	// WebApp is a Mini App button's page.
	WebApp *WebApp `json:"web_app,omitempty"`
}

// WebApp is the page a Mini App button opens.
type WebApp struct {
	URL string `json:"url"`
}

// Message is a message the bot sent, as it stands now.
type Message struct {
	ID     int
	ChatID int64
	Text   string // text, or the caption of a photo
	Photo  []byte // the last picture uploaded for it
	// Document and DocumentName are a sent file and its name.
	Document     []byte
	DocumentName string
	Keyboard     [][]Button
	Edits        int
	Deleted      bool
	// ReplyTo is the message it replies to (0: none).
	ReplyTo int
	// InlineID is set for a message posted through inline mode (it has no
	// chat); PhotoURL is the address its picture was last given by.
	InlineID string
	PhotoURL string
}

// Call is one request the bot made.
type Call struct {
	Method string
	Fields map[string]string
	Files  map[string][]byte
	// FileNames are the uploaded files' names, by field.
	FileNames map[string]string
	At        time.Time
}

// Answer is the bot's answer to a callback query.
type Answer struct {
	Text      string
	ShowAlert bool
}

// Server is the fake Bot API.
type Server struct {
	*httptest.Server

	mu        sync.Mutex
	cond      *sync.Cond
	updates   []json.RawMessage
	updateIDs []int64
	nextUpd   int64
	confirmed int64
	nextMsg   int
	messages  map[int]*Message
	calls     []Call
	answers   map[string]Answer
	nextQuery int
	blocked   map[int64]bool    // users who have not started the bot
	admins    map[[2]int64]bool // {chat, user}: a group's administrators
	// inline holds the answers to inline queries, by query id.
	inline map[string][]InlineResult

	// RateLimit, when on, answers 429 to a chat that gets messages or
	// edits faster than about one a second with a burst of three (or more
	// than 20 a minute in a group), and records any request sent during a
	// retry_after.
	RateLimit  bool
	lastSend   map[int64][]time.Time
	retryUntil map[int64]time.Time
	Violations []string // requests made while a retry_after was in force
	// FailNext makes the next n requests of a method fail with the given
	// status code (for example 500, or 429 with RetryAfter seconds).
	failNext   map[string]int
	failCode   map[string]int
	RetryAfter int
	// webhookURL and webhookSecret are set by setWebhook: updates are
	// then posted there, as Telegram does, instead of polled.
	webhookURL, webhookSecret string
	delivering                bool
	closed                    bool
}

// NewServer starts a fake Bot API server.
func NewServer() *Server {
	s := &Server{
		messages:   map[int]*Message{},
		answers:    map[string]Answer{},
		inline:     map[string][]InlineResult{},
		blocked:    map[int64]bool{},
		admins:     map[[2]int64]bool{},
		lastSend:   map[int64][]time.Time{},
		retryUntil: map[int64]time.Time{},
		failNext:   map[string]int{},
		failCode:   map[string]int{},
		nextUpd:    1,
		nextMsg:    1,
		RetryAfter: 1,
	}
	s.cond = sync.NewCond(&s.mu)
	s.Server = httptest.NewServer(http.HandlerFunc(s.handle))
	return s
}

// Close stops the server and wakes any pending long poll.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	s.cond.Broadcast()
	s.mu.Unlock()
	s.Server.Close()
}

// Block marks a user as never having started the bot: sending to their
// private chat fails with 403.
func (s *Server) Block(user int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.blocked[user] = true
}

// SetAdmin makes a person an administrator of a group, as getChatMember
// tells.
func (s *Server) SetAdmin(chat, user int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.admins[[2]int64{chat, user}] = true
}

// SetRateLimit switches the rate limits on or off (see RateLimit), safely
// while the bot runs.
func (s *Server) SetRateLimit(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.RateLimit = on
}

// Violated returns a copy of Violations, safely while the bot runs.
func (s *Server) Violated() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.Violations)
}

// Fail makes the next n requests of method fail with the status code.
func (s *Server) Fail(method string, n, code int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failNext[method] = n
	s.failCode[method] = code
}

// FailIn makes the next n requests of method to one chat fail with the
// status code; those to other chats go through.
func (s *Server) FailIn(method string, chat int64, n, code int) {
	s.Fail(method+"@"+strconv.FormatInt(chat, 10), n, code)
}

type apiResponse struct {
	OK          bool   `json:"ok"`
	Result      any    `json:"result,omitempty"`
	ErrorCode   int    `json:"error_code,omitempty"`
	Description string `json:"description,omitempty"`
	Parameters  *struct {
		RetryAfter int `json:"retry_after"`
	} `json:"parameters,omitempty"`
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	prefix := "/bot" + Token + "/"
	if !strings.HasPrefix(r.URL.Path, prefix) {
		writeJSON(w, http.StatusUnauthorized, apiResponse{ErrorCode: 401, Description: "Unauthorized"})
		return
	}
	method := strings.TrimPrefix(r.URL.Path, prefix)
	call, err := readCall(r, method)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, apiResponse{ErrorCode: 400, Description: "Bad Request: " + err.Error()})
		return
	}
	if method == "getUpdates" {
		s.getUpdates(w, call)
		return
	}
	if method == "editMessageMedia" && call.Fields["inline_message_id"] != "" {
		fetchInlinePicture(&call) // as Telegram does, before it answers
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = append(s.calls, call)
	failing := method + "@" + call.Fields["chat_id"]
	if s.failNext[failing] == 0 {
		failing = method
	}
	if n := s.failNext[failing]; n > 0 {
		s.failNext[failing] = n - 1
		code := s.failCode[failing]
		resp := apiResponse{ErrorCode: code, Description: fmt.Sprintf("injected failure %d", code)}
		if code == http.StatusTooManyRequests {
			resp.Description = "Too Many Requests: retry after " + strconv.Itoa(s.RetryAfter)
			resp.Parameters = &struct {
				RetryAfter int `json:"retry_after"`
			}{s.RetryAfter}
		}
		writeJSON(w, code, resp)
		return
	}
	status, resp := s.dispatch(method, call)
	writeJSON(w, status, resp)
}

func writeJSON(w http.ResponseWriter, status int, resp apiResponse) {
	resp.OK = status == http.StatusOK
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(resp)
}

// readCall reads a request's fields, whether multipart, form or JSON.
func readCall(r *http.Request, method string) (Call, error) {
	c := Call{Method: method, Fields: map[string]string{}, Files: map[string][]byte{}, FileNames: map[string]string{}, At: time.Now()}
	ct := r.Header.Get("Content-Type")
	switch {
	case strings.HasPrefix(ct, "multipart/form-data"):
		mr, err := r.MultipartReader()
		if err != nil {
			return c, err
		}
		for {
			part, err := mr.NextPart()
			if err == io.EOF || (err != nil && len(c.Fields) == 0 && len(c.Files) == 0 && strings.HasSuffix(err.Error(), "EOF")) {
				break // the end, or a request with no parameters at all
			}
			if err != nil {
				return c, err
			}
			data, err := io.ReadAll(part)
			if err != nil {
				return c, err
			}
			if part.FileName() != "" {
				c.Files[part.FormName()] = data
				c.FileNames[part.FormName()] = part.FileName()
			} else {
				c.Fields[part.FormName()] = string(data)
			}
		}
	case strings.HasPrefix(ct, "application/json"):
		var m map[string]json.RawMessage
		if err := json.NewDecoder(r.Body).Decode(&m); err != nil && err != io.EOF {
			return c, err
		}
		for k, v := range m {
			var str string
			if json.Unmarshal(v, &str) == nil {
				c.Fields[k] = str
			} else {
				c.Fields[k] = string(v)
			}
		}
	default:
		if err := r.ParseForm(); err != nil {
			return c, err
		}
		for k := range r.PostForm {
			c.Fields[k] = r.PostForm.Get(k)
		}
	}
	return c, nil
}

package telegramtest

import (
	"bytes"
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
)

// User is a Telegram user who talks to the bot.
type User struct {
	ID           int64  `json:"id"`
	FirstName    string `json:"first_name"`
	Username     string `json:"username,omitempty"`
	LanguageCode string `json:"language_code,omitempty"`
}

// Chat is where a user talks to the bot: a private chat has the user's id,
// a group a negative one.
type Chat struct {
	ID    int64  `json:"id"`
	Type  string `json:"type"`
	Title string `json:"title,omitempty"`
}

// Private returns the user's private chat with the bot.
func (u User) Private() Chat { return Chat{ID: u.ID, Type: "private"} }

func (s *Server) push(kind string, body any) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := s.nextUpd
	s.nextUpd++
	raw, _ := json.Marshal(map[string]any{"update_id": id, kind: body})
	s.updates = append(s.updates, raw)
	s.updateIDs = append(s.updateIDs, id)
	s.cond.Broadcast()
	return id
}

// SendText delivers a text message from the user in the chat, marking a
// leading /command and every @username as Telegram does.
func (s *Server) SendText(from User, chat Chat, text string) int64 {
	return s.push("message", textMessage(from, chat, text))
}

// SendReply delivers a text message from the user in the chat that
// replies to an earlier message written by another user, as when someone
// answers a friend's message with /duel.
func (s *Server) SendReply(from User, chat Chat, text string, to User) int64 {
	msg := textMessage(from, chat, text)
	msg["reply_to_message"] = map[string]any{
		"message_id": int(time.Now().UnixNano()%1e9) - 1,
		"date":       time.Now().Unix(),
		"from":       to,
		"chat":       chat,
		"text":       "…",
	}
	return s.push("message", msg)
}

// mentionRE finds @usernames as Telegram recognizes them.
var mentionRE = regexp.MustCompile(`(^|[^\w@])(@[A-Za-z0-9_]{5,32})\b`)

// textMessage builds a message update's body with its entities, whose
// offsets and lengths count UTF-16 units.
func textMessage(from User, chat Chat, text string) map[string]any {
	msg := map[string]any{
		"message_id": int(time.Now().UnixNano() % 1e9),
		"date":       time.Now().Unix(),
		"from":       from,
		"chat":       chat,
		"text":       text,
	}
	u16 := func(s string) int { return len(utf16.Encode([]rune(s))) }
	var entities []map[string]any
	if strings.HasPrefix(text, "/") {
		end := strings.IndexAny(text, " \n")
		if end < 0 {
			end = len(text)
		}
		entities = append(entities, map[string]any{"type": "bot_command", "offset": 0, "length": u16(text[:end])})
	}
	for _, m := range mentionRE.FindAllStringSubmatchIndex(text, -1) {
		start, end := m[4], m[5]
		entities = append(entities, map[string]any{"type": "mention", "offset": u16(text[:start]), "length": u16(text[start:end])})
	}
	if entities != nil {
		msg["entities"] = entities
	}
	return msg
}

// Tap presses an inline button of a message and returns the callback
// query's id, to wait for its answer.
func (s *Server) Tap(from User, messageID int, data string) string {
	m, qid := s.newQuery(messageID)
	chat := Chat{ID: from.ID, Type: "private"}
	var msg map[string]any
	if m != nil {
		chat.ID = m.ChatID
		if m.ChatID < 0 {
			chat.Type = "supergroup"
		}
		msg = map[string]any{"message_id": m.ID, "date": time.Now().Unix(), "chat": chat}
	}
	s.push("callback_query", map[string]any{
		"id": qid, "from": from, "message": msg, "chat_instance": "ci", "data": data,
	})
	return qid
}

// newQuery returns the message a tap presses (nil when there is none)
// and a new callback query's id.
func (s *Server) newQuery(messageID int) (*Message, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextQuery++
	return s.messages[messageID], "q" + strconv.Itoa(s.nextQuery)
}

// WaitAnswer waits for the bot's answer to a callback query.
func (s *Server) WaitAnswer(qid string, timeout time.Duration) (Answer, bool) {
	return waitFor(s, timeout, func() (Answer, bool) {
		a, ok := s.answers[qid]
		return a, ok
	})
}

// waitFor waits under the server's lock until check succeeds or timeout.
func waitFor[T any](s *Server, timeout time.Duration, check func() (T, bool)) (T, bool) {
	deadline := time.Now().Add(timeout)
	timer := time.AfterFunc(timeout, func() {
		s.mu.Lock()
		s.cond.Broadcast()
		s.mu.Unlock()
	})
	defer timer.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		if v, ok := check(); ok {
			return v, true
		}
		if time.Now().After(deadline) {
			var zero T
			return zero, false
		}
		s.cond.Wait()
	}
}

// WaitMessage waits until some message satisfies cond and returns a copy.
func (s *Server) WaitMessage(timeout time.Duration, cond func(*Message) bool) (Message, bool) {
	return waitFor(s, timeout, func() (Message, bool) {
		ids := make([]int, 0, len(s.messages))
		for id := range s.messages {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		for i := len(ids) - 1; i >= 0; i-- {
			if m := s.messages[ids[i]]; cond(m) {
				return m.Copy(), true
			}
		}
		return Message{}, false
	})
}

// WaitMessageID waits until the message with the id satisfies cond and
// returns a copy; cheaper than WaitMessage when many clients wait.
func (s *Server) WaitMessageID(id int, timeout time.Duration, cond func(*Message) bool) (Message, bool) {
	return waitFor(s, timeout, func() (Message, bool) {
		if m := s.messages[id]; m != nil && cond(m) {
			return m.Copy(), true
		}
		return Message{}, false
	})
}

// Message returns a copy of a message as it stands.
func (s *Server) Message(id int) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.messages[id]
	if !ok {
		return Message{}, false
	}
	return m.Copy(), true
}

// Messages returns copies of every message sent to a chat, oldest first.
func (s *Server) Messages(chat int64) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.messages {
		if m.ChatID == chat {
			out = append(out, m.Copy())
		}
	}
	slices.SortFunc(out, func(a, b Message) int { return a.ID - b.ID })
	return out
}

// Calls returns a copy of every request of the method made so far (all
// requests when method is empty).
func (s *Server) Calls(method string) []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Call
	for _, c := range s.calls {
		if method == "" || c.Method == method {
			out = append(out, c)
		}
	}
	return out
}

// Pending returns how many updates the bot has not confirmed yet.
func (s *Server) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, id := range s.updateIDs {
		if id >= s.confirmed {
			n++
		}
	}
	return n
}

// Copy returns a deep copy of the message.
func (m *Message) Copy() Message {
	c := *m
	c.Keyboard = make([][]Button, len(m.Keyboard))
	for i, row := range m.Keyboard {
		c.Keyboard[i] = slices.Clone(row)
	}
	return c
}

// Buttons returns every button of the message's keyboard in order.
func (m Message) Buttons() []Button {
	var out []Button
	for _, row := range m.Keyboard {
		out = append(out, row...)
	}
	return out
}

// Button finds a button whose text starts with prefix.
func (m Message) Button(prefix string) (Button, bool) {
	for _, b := range m.Buttons() {
		if strings.HasPrefix(b.Text, prefix) {
			return b, true
		}
	}
	return Button{}, false
}

// Webhook returns the URL and secret token the bot set with setWebhook
// ("" when it polls).
func (s *Server) Webhook() (url, secret string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.webhookURL, s.webhookSecret
}

// deliver posts the queued updates, in order, to the webhook while one is
// set, each until the bot answers 200, as Telegram does.
func (s *Server) deliver() {
	client := &http.Client{Timeout: 10 * time.Second}
	for {
		s.mu.Lock()
		for s.webhookURL == "" || len(s.updates) == 0 {
			if s.closed {
				s.mu.Unlock()
				return
			}
			s.cond.Wait()
		}
		url, secret, body := s.webhookURL, s.webhookSecret, s.updates[0]
		s.mu.Unlock()
		req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Telegram-Bot-Api-Secret-Token", secret)
		resp, err := client.Do(req)
		ok := err == nil && resp.StatusCode == http.StatusOK
		if resp != nil {
			resp.Body.Close()
		}
		s.mu.Lock()
		if ok && len(s.updates) > 0 && bytes.Equal(s.updates[0], body) {
			s.updates, s.updateIDs = s.updates[1:], s.updateIDs[1:]
		}
		closed := s.closed
		s.mu.Unlock()
		if closed {
			return
		}
		if !ok {
			time.Sleep(100 * time.Millisecond)
		}
	}
}

func (s *Server) getUpdates(w http.ResponseWriter, c Call) {
	if url, _ := s.Webhook(); url != "" {
		writeJSON(w, http.StatusConflict, apiResponse{ErrorCode: 409, Description: "Conflict: can't use getUpdates method while webhook is active"})
		return
	}
	offset, _ := strconv.ParseInt(c.Fields["offset"], 10, 64)
	timeout, _ := strconv.Atoi(c.Fields["timeout"])
	limit, _ := strconv.Atoi(c.Fields["limit"])
	if limit <= 0 || limit > 100 {
		limit = 100
	}
	wait := time.Duration(min(timeout, 2)) * time.Second
	batch, _ := waitFor(s, wait, func() ([]json.RawMessage, bool) {
		if offset > s.confirmed {
			s.confirmed = offset
			keep := 0
			for i, id := range s.updateIDs {
				if id >= offset {
					s.updates[keep], s.updateIDs[keep] = s.updates[i], id
					keep++
				}
			}
			s.updates, s.updateIDs = s.updates[:keep], s.updateIDs[:keep]
		}
		var out []json.RawMessage
		for i, id := range s.updateIDs {
			if id >= offset && len(out) < limit {
				out = append(out, s.updates[i])
			}
		}
		return out, len(out) > 0
	})
	if batch == nil {
		batch = []json.RawMessage{}
	}
	writeJSON(w, http.StatusOK, apiResponse{Result: batch})
}

// StopBot has the user block the bot in their private chat: Telegram then
// refuses messages to them and tells the bot with a my_chat_member update.
func (s *Server) StopBot(u User) int64 {
	s.Block(u.ID)
	now := time.Now().Unix()
	bot := map[string]any{"id": 123456, "is_bot": true, "first_name": "Nardi", "username": BotUsername}
	return s.push("my_chat_member", map[string]any{
		"chat": u.Private(), "from": u, "date": now,
		"old_chat_member": map[string]any{"status": "member", "user": bot},
		"new_chat_member": map[string]any{"status": "kicked", "user": bot, "until_date": 0},
	})
}

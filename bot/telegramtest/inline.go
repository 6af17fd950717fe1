package telegramtest

import (
	"bytes"
	"encoding/json"
	"image/jpeg"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Inline mode, as Telegram plays it: a user types the bot's name in a
// chat (InlineQuery), the bot answers with results (answerInlineQuery),
// the user posts one (PostInline), which makes a message with no chat
// known to the bot, only an inline_message_id; a tap on its buttons
// (TapInline) carries that id; the bot edits it by that id, and can give
// a new picture only by URL, which Telegram fetches (it must be a JPEG).

// InlineResult is one result of an answer to an inline query.
type InlineResult struct {
	Type         string     `json:"type"`
	ID           string     `json:"id"`
	Title        string     `json:"title"`
	Description  string     `json:"description"`
	PhotoURL     string     `json:"photo_url"`
	ThumbnailURL string     `json:"thumbnail_url"`
	Caption      string     `json:"caption"`
	ParseMode    string     `json:"parse_mode"`
	Keyboard     [][]Button `json:"-"`
}

// InlineQuery delivers a user's inline query and returns its id.
func (s *Server) InlineQuery(from User, query string) string {
	s.mu.Lock()
	s.nextQuery++
	qid := "iq" + strconv.Itoa(s.nextQuery)
	s.mu.Unlock()
	s.push("inline_query", map[string]any{"id": qid, "from": from, "query": query, "offset": "", "chat_type": "supergroup"})
	return qid
}

// WaitInlineAnswer waits for the bot's answer to an inline query.
func (s *Server) WaitInlineAnswer(qid string, timeout time.Duration) ([]InlineResult, bool) {
	return waitFor(s, timeout, func() ([]InlineResult, bool) {
		r, ok := s.inline[qid]
		return r, ok
	})
}

// PostInline posts a result of an inline query to a chat: a message with
// only an inline id, shown with the result's picture, caption and
// buttons; Telegram tells the bot with a chosen_inline_result. It returns
// the message's id here.
func (s *Server) PostInline(from User, query string, r InlineResult) int {
	s.mu.Lock()
	id := s.nextMsg
	s.nextMsg++
	m := &Message{ID: id, InlineID: "inl-" + strconv.Itoa(id), Text: r.Caption, Keyboard: r.Keyboard, PhotoURL: r.PhotoURL}
	s.messages[id] = m
	s.cond.Broadcast()
	s.mu.Unlock()
	s.push("chosen_inline_result", map[string]any{"result_id": r.ID, "from": from, "query": query, "inline_message_id": m.InlineID})
	return id
}

// PostInlineUntold posts a result as PostInline does, but Telegram tells
// the bot nothing of it, as when inline feedback is off in BotFather.
func (s *Server) PostInlineUntold(r InlineResult) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := s.nextMsg
	s.nextMsg++
	s.messages[id] = &Message{ID: id, InlineID: "inl-" + strconv.Itoa(id), Text: r.Caption, Keyboard: r.Keyboard, PhotoURL: r.PhotoURL}
	s.cond.Broadcast()
	return id
}

// TapInline presses a button of a message posted through inline mode and
// returns the callback query's id.
func (s *Server) TapInline(from User, messageID int, data string) string {
	m, qid := s.newQuery(messageID)
	inlineID := ""
	if m != nil {
		inlineID = m.InlineID
	}
	s.push("callback_query", map[string]any{"id": qid, "from": from, "inline_message_id": inlineID, "chat_instance": "ci", "data": data})
	return qid
}

// answerInline records an answer to an inline query; a photo given by
// URL must be a JPEG's.
func (s *Server) answerInline(f map[string]string) (int, apiResponse) {
	var raw []struct {
		InlineResult
		ReplyMarkup struct {
			InlineKeyboard [][]Button `json:"inline_keyboard"`
		} `json:"reply_markup"`
	}
	if err := json.Unmarshal([]byte(f["results"]), &raw); err != nil {
		return bad("can't parse inline query results")
	}
	var out []InlineResult
	for _, r := range raw {
		if r.Type == "photo" && !strings.HasSuffix(strings.ToLower(r.PhotoURL), ".jpg") && !strings.HasSuffix(strings.ToLower(r.PhotoURL), ".jpeg") {
			return bad("PHOTO_INVALID: a photo by URL must be a JPEG")
		}
		r.InlineResult.Keyboard = r.ReplyMarkup.InlineKeyboard
		out = append(out, r.InlineResult)
	}
	s.inline[f["inline_query_id"]] = out
	s.cond.Broadcast()
	return http.StatusOK, apiResponse{Result: true}
}

// fetchInlinePicture fetches the picture an edit of an inline message
// gives by URL, as Telegram does, into the call's files as "url".
func fetchInlinePicture(c *Call) {
	var media struct {
		Media string `json:"media"`
	}
	if json.Unmarshal([]byte(c.Fields["media"]), &media) != nil || !strings.HasPrefix(media.Media, "http") {
		return
	}
	client := http.Client{Timeout: 10 * time.Second}
	resp, err := client.Get(media.Media)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 10<<20))
	if err != nil || resp.StatusCode != http.StatusOK {
		return
	}
	if _, err := jpeg.Decode(bytes.NewReader(data)); err != nil {
		return
	}
	if c.Files == nil {
		c.Files = map[string][]byte{}
	}
	c.Files["url"] = data
}

package telegramtest

import (
	"encoding/json"
	"html"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
)

// Telegram's limits that the fake server enforces.
const (
	MaxCallbackData = 64
	MaxButtons      = 100
	MaxRowButtons   = 8
	MaxCaption      = 1024
	MaxText         = 4096
)

type chatJSON struct {
	ID    int64  `json:"id"`
	Type  string `json:"type"`
	Title string `json:"title,omitempty"`
}

type messageJSON struct {
	MessageID int      `json:"message_id"`
	Date      int64    `json:"date"`
	Chat      chatJSON `json:"chat"`
	Text      string   `json:"text,omitempty"`
	Caption   string   `json:"caption,omitempty"`
}

func (s *Server) messageJSON(m *Message, photo bool) messageJSON {
	typ := "private"
	if m.ChatID < 0 {
		typ = "supergroup"
	}
	out := messageJSON{MessageID: m.ID, Date: time.Now().Unix(), Chat: chatJSON{ID: m.ChatID, Type: typ}}
	if photo {
		out.Caption = m.Text
	} else {
		out.Text = m.Text
	}
	return out
}

func bad(desc string) (int, apiResponse) {
	return http.StatusBadRequest, apiResponse{ErrorCode: 400, Description: "Bad Request: " + desc}
}

var tagRE = regexp.MustCompile(`<[^>]*>`)

// visibleLength counts a text as Telegram does: UTF-16 units after HTML
// entities and tags are parsed.
func visibleLength(text, parseMode string) int {
	if parseMode == "HTML" {
		text = html.UnescapeString(tagRE.ReplaceAllString(text, ""))
	}
	return len(utf16.Encode([]rune(text)))
}

// checkKeyboard parses reply_markup and checks Telegram's limits; a
// web_app button is allowed in a private chat alone (chat > 0).
func checkKeyboard(raw string, chat int64) ([][]Button, string) {
	if raw == "" {
		return nil, ""
	}
	var markup struct {
		InlineKeyboard [][]Button `json:"inline_keyboard"`
	}
	if err := json.Unmarshal([]byte(raw), &markup); err != nil {
		return nil, "can't parse reply keyboard markup JSON object"
	}
	total := 0
	for _, row := range markup.InlineKeyboard {
		if len(row) > MaxRowButtons {
			return nil, "too many buttons in a row"
		}
		for _, b := range row {
			total++
			if b.Text == "" {
				return nil, "text buttons are unallowed in the inline keyboard"
			}
			if b.WebApp != nil && (chat <= 0 || !strings.HasPrefix(b.WebApp.URL, "https://")) {
				return nil, "BUTTON_TYPE_INVALID"
			}
			if len(b.CallbackData) > MaxCallbackData || (b.CallbackData == "" && b.URL == "" && b.WebApp == nil) {
				return nil, "BUTTON_DATA_INVALID"
			}
		}
	}
	if total > MaxButtons {
		return nil, "reply markup is too long"
	}
	return markup.InlineKeyboard, ""
}

// chatBurst is how many calls a chat takes at once.
const chatBurst = 3

// rateCheck applies the rate limits to a chat and reports a 429.
func (s *Server) rateCheck(chat int64, method string) (int, apiResponse, bool) {
	if !s.RateLimit {
		return 0, apiResponse{}, false
	}
	now := time.Now()
	if until, ok := s.retryUntil[chat]; ok && now.Before(until) {
		s.Violations = append(s.Violations, method+" to chat "+strconv.FormatInt(chat, 10)+" during retry_after")
	}
	recent := s.lastSend[chat][:0]
	for _, t := range s.lastSend[chat] {
		if now.Sub(t) < time.Minute {
			recent = append(recent, t)
		}
	}
	s.lastSend[chat] = recent
	// About one a second per chat, with a burst of three: no more than
	// three in any second, nor four in any two.
	retry := 0
	for k, span := range []time.Duration{time.Second, 2 * time.Second} {
		n := 0
		for _, t := range recent {
			if now.Sub(t) < span {
				n++
			}
		}
		if n >= chatBurst+k {
			retry = 1
		}
	}
	if chat < 0 && len(recent) >= 20 {
		retry = int(time.Minute-now.Sub(recent[len(recent)-20]))/int(time.Second) + 1
	}
	if retry > 0 {
		s.retryUntil[chat] = now.Add(time.Duration(retry) * time.Second)
		return http.StatusTooManyRequests, apiResponse{ErrorCode: 429,
			Description: "Too Many Requests: retry after " + strconv.Itoa(retry),
			Parameters: &struct {
				RetryAfter int `json:"retry_after"`
			}{retry}}, true
	}
	s.lastSend[chat] = append(recent, now)
	return 0, apiResponse{}, false
}

func (s *Server) dispatch(method string, c Call) (int, apiResponse) {
	f := c.Fields
	chat, _ := strconv.ParseInt(f["chat_id"], 10, 64)
	switch method {
	case "getMe":
		return http.StatusOK, apiResponse{Result: map[string]any{"id": 123456, "is_bot": true, "first_name": "Nardi", "username": BotUsername}}
	case "setMyCommands", "deleteMyCommands", "setChatMenuButton":
		return http.StatusOK, apiResponse{Result: true}
	case "deleteWebhook":
		s.webhookURL, s.webhookSecret = "", ""
		return http.StatusOK, apiResponse{Result: true}
	case "setWebhook":
		if f["url"] == "" {
			return bad("no url")
		}
		s.webhookURL, s.webhookSecret = f["url"], f["secret_token"]
		if !s.delivering {
			s.delivering = true
			go s.deliver()
		}
		s.cond.Broadcast()
		return http.StatusOK, apiResponse{Result: true}
	case "getChatMember":
		user, _ := strconv.ParseInt(f["user_id"], 10, 64)
		status := "member"
		if s.admins[[2]int64{chat, user}] {
			status = "administrator"
		}
		return http.StatusOK, apiResponse{Result: map[string]any{"status": status,
			"user": map[string]any{"id": user, "is_bot": false, "first_name": "U"}}}
	case "answerInlineQuery":
		return s.answerInline(f)
	case "answerCallbackQuery":
		s.answers[f["callback_query_id"]] = Answer{Text: f["text"], ShowAlert: f["show_alert"] == "true"}
		s.cond.Broadcast()
		return http.StatusOK, apiResponse{Result: true}
	case "sendDocument":
		if chat > 0 && s.blocked[chat] {
			return http.StatusForbidden, apiResponse{ErrorCode: 403, Description: "Forbidden: bot can't initiate conversation with a user"}
		}
		if code, resp, limited := s.rateCheck(chat, method); limited {
			return code, resp
		}
		if len(c.Files["document"]) == 0 {
			return bad("there is no document in the request")
		}
		if visibleLength(f["caption"], f["parse_mode"]) > MaxCaption {
			return bad("message caption is too long")
		}
		m := &Message{ID: s.nextMsg, ChatID: chat, Text: f["caption"], Document: c.Files["document"], DocumentName: c.FileNames["document"]}
		s.nextMsg++
		s.messages[m.ID] = m
		s.cond.Broadcast()
		return http.StatusOK, apiResponse{Result: s.messageJSON(m, true)}
	case "sendMessage", "sendPhoto":
		if chat > 0 && s.blocked[chat] {
			return http.StatusForbidden, apiResponse{ErrorCode: 403, Description: "Forbidden: bot can't initiate conversation with a user"}
		}
		if code, resp, limited := s.rateCheck(chat, method); limited {
			return code, resp
		}
		text, limit := f["text"], MaxText
		if method == "sendPhoto" {
			text, limit = f["caption"], MaxCaption
			if len(c.Files["photo"]) == 0 {
				return bad("there is no photo in the request")
			}
		}
		if visibleLength(text, f["parse_mode"]) > limit {
			return bad("message caption is too long")
		}
		if method == "sendMessage" && strings.TrimSpace(text) == "" {
			return bad("message text is empty")
		}
		kb, problem := checkKeyboard(f["reply_markup"], chat)
		if problem != "" {
			return bad(problem)
		}
		var reply struct {
			MessageID  int  `json:"message_id"`
			WithoutOne bool `json:"allow_sending_without_reply"`
		}
		if r := f["reply_parameters"]; r != "" {
			if err := json.Unmarshal([]byte(r), &reply); err != nil {
				return bad("can't parse reply parameters")
			}
			if to := s.messages[reply.MessageID]; to == nil || to.ChatID != chat || to.Deleted {
				if !reply.WithoutOne {
					return bad("message to be replied not found")
				}
				reply.MessageID = 0
			}
		}
		m := &Message{ID: s.nextMsg, ChatID: chat, Text: text, Keyboard: kb, Photo: c.Files["photo"], ReplyTo: reply.MessageID}
		s.nextMsg++
		s.messages[m.ID] = m
		s.cond.Broadcast()
		return http.StatusOK, apiResponse{Result: s.messageJSON(m, method == "sendPhoto")}
	case "editMessageMedia", "editMessageCaption", "editMessageReplyMarkup", "editMessageText":
		id, _ := strconv.Atoi(f["message_id"])
		m := s.messages[id]
		if inline := f["inline_message_id"]; inline != "" {
			m = s.inlineMessage(inline)
			if m == nil {
				return bad("MESSAGE_ID_INVALID")
			}
			chat = inlineChat - int64(m.ID) // its own lane, limited as a group
		}
		if m == nil || m.ChatID != chat && m.InlineID == "" || m.Deleted {
			return bad("message to edit not found")
		}
		if code, resp, limited := s.rateCheck(chat, method); limited {
			return code, resp
		}
		text, photo := m.Text, m.Photo
		parseMode := f["parse_mode"]
		switch method {
		case "editMessageMedia":
			var media struct {
				Type      string `json:"type"`
				Media     string `json:"media"`
				Caption   string `json:"caption"`
				ParseMode string `json:"parse_mode"`
			}
			if err := json.Unmarshal([]byte(f["media"]), &media); err != nil || media.Type != "photo" {
				return bad("can't parse InputMedia JSON object")
			}
			if m.InlineID != "" {
				if !strings.HasPrefix(media.Media, "http") {
					s.Violations = append(s.Violations, "an upload in an edit of inline message "+m.InlineID)
					return bad("can't use file upload for inline message; specify a file_id or an HTTP URL")
				}
				if photo = c.Files["url"]; len(photo) == 0 {
					return bad("failed to get HTTP URL content: wrong type of the web page content")
				}
				m.PhotoURL = media.Media
			} else if photo = c.Files[strings.TrimPrefix(media.Media, "attach://")]; len(photo) == 0 {
				return bad("wrong file identifier/HTTP URL specified")
			}
			text, parseMode = media.Caption, media.ParseMode
		case "editMessageCaption":
			text = f["caption"]
		case "editMessageText":
			text = f["text"]
		}
		limit := MaxCaption
		if m.Photo == nil && m.PhotoURL == "" {
			limit = MaxText
		}
		if visibleLength(text, parseMode) > limit {
			return bad("message caption is too long")
		}
		kb, problem := checkKeyboard(f["reply_markup"], m.ChatID)
		if problem != "" {
			return bad(problem)
		}
		if method != "editMessageMedia" && text == m.Text && keyboardsEqual(kb, m.Keyboard) {
			return bad("message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message")
		}
		m.Text, m.Photo, m.Keyboard = text, photo, kb
		m.Edits++
		s.cond.Broadcast()
		if m.InlineID != "" {
			return http.StatusOK, apiResponse{Result: true} // an inline message's edit answers True
		}
		return http.StatusOK, apiResponse{Result: s.messageJSON(m, m.Photo != nil)}
	case "deleteMessage":
		id, _ := strconv.Atoi(f["message_id"])
		if m := s.messages[id]; m != nil && m.ChatID == chat {
			m.Deleted = true
			return http.StatusOK, apiResponse{Result: true}
		}
		return bad("message to delete not found")
	}
	return http.StatusNotFound, apiResponse{ErrorCode: 404, Description: "Not Found: method " + method + " not found"}
}

// inlineChat is where the lanes of inline messages begin, for the rate
// limits (limited as a group's).
const inlineChat = -1 << 60

// inlineMessage finds a message posted through inline mode.
func (s *Server) inlineMessage(inlineID string) *Message {
	for _, m := range s.messages {
		if m.InlineID == inlineID {
			return m
		}
	}
	return nil
}

func keyboardsEqual(a, b [][]Button) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

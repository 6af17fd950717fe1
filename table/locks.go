package table

import "strconv"

// gameKey, chatKey, challengeKey and promptKey name the locks of a game,
// a chat, a challenge and a chat's prompts.
func gameKey(id int64) string         { return "g" + strconv.FormatInt(id, 10) }
func chatKey(id int64) string         { return "c" + strconv.FormatInt(id, 10) }
func challengeKey(code string) string { return "x" + code }
func promptKey(chat int64) string     { return "p" + strconv.FormatInt(chat, 10) }

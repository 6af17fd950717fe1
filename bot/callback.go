package bot

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"nardi/rules"
	"nardi/table"
)

// The operations a button can ask for: the first field of its callback
// data. ops maps each to its handler.
const (
	opStep     = "st" // a checker step; arg "from-to"
	opUndo     = "un"
	opConfirm  = "ok"
	opResign   = "rs" // ask to resign
	opResignOK = "ry" // arg: the seat that asked
	opResignNo = "rn" // arg: the seat that asked
	opClaim    = "cl"
	opRematch  = "rm"
	opLevel    = "le" // arg: a level and the terms, "master:c5"
	// opFormerLevel is opLevel on the buttons made before the levels took
	// the players' names: arg "hard:c5", its level by the former name
	// (game.ParseFormerLevel: there, "master" is the Grandmaster).
	opFormerLevel = "lv"
	opPlayTerms   = "pt" // the /play menu's terms; arg as termsArg writes
	opDuelTerms   = "dt" // the duel menu's terms; arg as termsArg writes
	opInvite      = "iv" // make an invite link on the terms; arg as termsArg writes
	opNext        = "nx" // the next game of a match, now
	opDice        = "dv" // how to check a finished game's dice
	opReview      = "rv" // a review of the finished game
	// opInlineAccept takes an inline challenge card: game is the
	// challenger, arg the terms and their signature.
	opInlineAccept = "ia"
	opLang         = "lg" // arg: a language code
	opSetting      = "se" // arg: home, layout, confirm
	opMenu         = "mn" // arg: a command's name
	opAccept       = "ac" // arg: a challenge code
	opCancel       = "cx" // arg: a challenge code
	opDouble       = "db" // classic: offer the cube
	opRoll         = "ro" // classic: roll rather than double
	opTake         = "tk" // classic: take a double
	opDrop         = "dp" // classic: refuse a double
	// A tournament's card: game is the tournament's id.
	opJoin  = "tj" // ➕ join
	opLeave = "tl" // ➖ leave
	opStart = "ts" // ▶️ start
)

// ops is the one table from a button's operation to its handler.
var ops = map[string]func(b *Bot, ctx context.Context, r *request, a action){
	opStep:         (*Bot).onStep,
	opUndo:         tapOp((*table.Service).Undo),
	opConfirm:      tapOp((*table.Service).Confirm),
	opResign:       (*Bot).onResign,
	opResignOK:     (*Bot).onResignYes,
	opResignNo:     (*Bot).onResignNo,
	opClaim:        tapOp((*table.Service).Claim),
	opRematch:      (*Bot).onRematch,
	opLevel:        (*Bot).onLevel,
	opFormerLevel:  (*Bot).onFormerLevel,
	opPlayTerms:    (*Bot).onPlayTerms,
	opDuelTerms:    (*Bot).onDuelTerms,
	opInvite:       (*Bot).onInvite,
	opNext:         tapOp((*table.Service).NextGame),
	opDice:         (*Bot).onDice,
	opReview:       (*Bot).onReview,
	opInlineAccept: (*Bot).onInlineAccept,
	opLang:         (*Bot).onLang,
	opSetting:      (*Bot).onSetting,
	opMenu:         (*Bot).onMenu,
	opAccept:       (*Bot).onAccept,
	opCancel:       (*Bot).onCancel,
	opDouble:       tapOp((*table.Service).Double),
	opRoll:         tapOp((*table.Service).Roll),
	opTake:         tapOp((*table.Service).Take),
	opDrop:         tapOp((*table.Service).Drop),
	opJoin:         (*Bot).onJoin,
	opLeave:        (*Bot).onLeave,
	opStart:        (*Bot).onStart,
}

// action is what a button's callback data says: an operation, the game and
// the move counter it was drawn for, and an argument. It fits Telegram's
// 64 bytes of callback data with room to spare.
type action struct {
	op      string
	game    int64
	counter uint32
	arg     string
}

func (a action) String() string {
	return a.op + ":" + strconv.FormatInt(a.game, 36) + ":" + strconv.FormatUint(uint64(a.counter), 36) + ":" + a.arg
}

var errBadAction = errors.New("malformed button data")

func parseAction(s string) (action, error) {
	parts := strings.SplitN(s, ":", 4)
	if len(parts) != 4 || len(s) > 64 {
		return action{}, errBadAction
	}
	g, err1 := strconv.ParseInt(parts[1], 36, 64)
	c, err2 := strconv.ParseUint(parts[2], 36, 32)
	if err1 != nil || err2 != nil || g < 0 {
		return action{}, errBadAction
	}
	return action{op: parts[0], game: g, counter: uint32(c), arg: parts[3]}, nil
}

// stepArg writes a step for callback data: "13-7", "25-22", "6-0".
func stepArg(s rules.Step) string {
	return strconv.Itoa(int(s.From)) + "-" + strconv.Itoa(int(s.To))
}

// parseStepArg reads what stepArg wrote.
func parseStepArg(s string) (rules.Step, error) {
	from, to, ok := strings.Cut(s, "-")
	f, err1 := strconv.Atoi(from)
	t, err2 := strconv.Atoi(to)
	if !ok || err1 != nil || err2 != nil || f < 1 || f > rules.Bar || t < 0 || t >= f || t > 24 {
		return rules.Step{}, errBadAction
	}
	return rules.Step{From: int8(f), To: int8(t)}, nil
}

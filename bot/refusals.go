package bot

import (
	"nardi/table"
)

// refusal is how a refused action is told: as the answer to a tap (toast,
// an alert to dismiss when alert is set), or as a message answering a
// command or a typed play (reply, the toast's text when empty), with other
// words in a group where they differ, and in answer to an invite link.
type refusal struct {
	toast      string
	alert      bool
	reply      string
	groupToast string
	groupReply string
	invite     string
}

// refusals is the one table from the centre's codes to what users are
// told; a code missing here is told as an error.
var refusals = map[table.Code]refusal{
	table.ErrInternal:          {toast: "toast.error", reply: "error.generic", invite: "error.generic"},
	table.ErrStale:             {toast: "toast.stale"},
	table.ErrUnknown:           {toast: "toast.unknown", invite: "duel.invite_invalid"},
	table.ErrNotAPlayer:        {toast: "toast.not_player", alert: true},
	table.ErrNotYourTurn:       {toast: "toast.not_your_turn", alert: true},
	table.ErrIllegal:           {toast: "toast.illegal"},
	table.ErrGameOver:          {toast: "toast.game_over"},
	table.ErrNothingToUndo:     {toast: "toast.nothing_to_undo"},
	table.ErrClaimNotYet:       {toast: "toast.claim_not_yet", alert: true},
	table.ErrClaimOnTurn:       {toast: "toast.claim_opponent_only", alert: true},
	table.ErrNotYours:          {toast: "toast.not_yours", alert: true},
	table.ErrNoGame:            {toast: "toast.unknown", reply: "error.no_game"},
	table.ErrPrivateOnly:       {toast: "toast.unknown", reply: "error.private_only"},
	table.ErrOwnChallenge:      {toast: "toast.own_challenge", alert: true, invite: "duel.invite_own"},
	table.ErrForSomeoneElse:    {toast: "toast.challenge_other", alert: true, invite: "duel.invite_invalid"},
	table.ErrChallengeExpired:  {toast: "toast.challenge_expired", invite: "duel.invite_invalid"},
	table.ErrChallengeGone:     {toast: "toast.challenge_gone", invite: "duel.invite_invalid"},
	table.ErrChallengerOnly:    {toast: "toast.challenger_only", alert: true},
	table.ErrNotThisCard:       {toast: "toast.not_this_card", alert: true},
	table.ErrOpponentBusy:      {toast: "toast.opponent_busy", alert: true, invite: "duel.opponent_busy"},
	table.ErrChallengeOpen:     {toast: "toast.challenge_open", alert: true, reply: "duel.already_open"},
	table.ErrNoFinishedGame:    {toast: "toast.no_finished_game", reply: "review.none"},
	table.ErrReviewBusy:        {toast: "toast.review_busy", reply: "review.busy"},
	table.ErrTournamentOpen:    {toast: "toast.tournament.open", alert: true, reply: "tournament.already_open"},
	table.ErrTournamentStarted: {toast: "toast.tournament.begun", alert: true},
	table.ErrTournamentOver:    {toast: "toast.tournament.over"},
	table.ErrTournamentFull:    {toast: "toast.tournament.full", alert: true},
	table.ErrAlreadyJoined:     {toast: "toast.tournament.already_joined"},
	table.ErrNotJoined:         {toast: "toast.tournament.not_joined", alert: true},
	table.ErrHostOnly:          {toast: "toast.tournament.host_only", alert: true},
	table.ErrTooFewPlayers:     {toast: "toast.tournament.too_few", alert: true},
	table.ErrInProgress: {toast: "toast.game_in_progress", alert: true, groupToast: "toast.already_in_game",
		reply: "error.game_in_progress", groupReply: "duel.already_in_game", invite: "error.game_in_progress"},
}

// refusalOf looks a refused action's error up.
func refusalOf(err error) refusal {
	if f, ok := refusals[table.CodeOf(err)]; ok {
		return f
	}
	return refusals[table.ErrInternal]
}

// toastKey is what a tap is answered in a chat.
func (f refusal) toastKey(group bool) string {
	if group && f.groupToast != "" {
		return f.groupToast
	}
	return f.toast
}

// replyKey is what a command is answered in a chat.
func (f refusal) replyKey(group bool) string {
	switch {
	case group && f.groupReply != "":
		return f.groupReply
	case f.reply != "":
		return f.reply
	}
	return f.toast
}

module nardi

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/fogleman/gg v1.3.0
	github.com/go-telegram/bot v1.19.0
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0
	github.com/nicksnyder/go-i18n/v2 v2.7.0
	golang.org/x/image v0.48.0
	golang.org/x/text v0.44.0
)

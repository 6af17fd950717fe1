# Build: a static binary (modernc.org/sqlite is pure Go, so no cgo).
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# The build context has no .git (.dockerignore), so the version comes from
# here: docker build --build-arg VERSION=$(git describe --always --dirty) .
ARG VERSION=devel
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w -X nardi/internal/buildinfo.version=${VERSION}" -o /out/nardi . \
 && mkdir -p /out/data

# Run: no shell, no root; the database lives in the /data volume.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/nardi /nardi
COPY --from=build --chown=nonroot:nonroot /out/data /data
ENV NARDI_DB=/data/nardi.db LOG_LEVEL=info NARDI_LISTEN=:8080
VOLUME ["/data"]
# /healthz and /metrics (and the webhook, with NARDI_WEBHOOK_URL set);
# with NARDI_METRICS_LISTEN set, /metrics moves to that address.
EXPOSE 8080
# No shell in the image: the binary asks its own /healthz.
HEALTHCHECK --interval=30s --timeout=6s --start-period=20s --retries=3 CMD ["/nardi", "health"]
USER nonroot:nonroot
ENTRYPOINT ["/nardi"]
CMD ["serve"]

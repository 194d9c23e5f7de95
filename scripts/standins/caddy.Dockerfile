# A stand-in for the official caddy:2 image (scripts/scale-smoke.sh): Debian's Caddy 2, reading
# /etc/caddy/Caddyfile as the official image does.
ARG BASE=docker.io/library/debian:bookworm-slim
FROM ${BASE}
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends caddy >/dev/null \
 && rm -rf /var/lib/apt/lists/*
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]

# A stand-in for the official redis:7 image (scripts/scale-smoke.sh): Debian's Redis 7. The official
# build turns protected mode off, so other containers can reach it; the entry point does the same.
ARG BASE=docker.io/library/debian:bookworm-slim
FROM ${BASE}
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null \
 && rm -rf /var/lib/apt/lists/*
EXPOSE 6379
ENTRYPOINT ["/bin/sh", "-c", "exec \"$@\" --protected-mode no", "redis"]
CMD ["redis-server"]

#!/usr/bin/env bash
# Makes podman usable on a machine with no Docker engine and no container registry: installs podman
# (apt, as root), configures it for this sandbox, and builds a local stand-in for the official
# `node:20-bookworm-slim` image: Debian bookworm (debootstrap, from the mirror apt already uses)
# plus this machine's Node.js and npm at the official image's paths. About 1 minute, once per machine.
#
# Usage: bash scripts/container-base.sh       (scripts/container-smoke.sh runs it when podman or the base is missing)
# Then plain podman works as docker would: podman build -t studio . ; podman run --rm -p 3000:3000 -v studio-data:/data studio
set -euo pipefail
TAG=docker.io/library/node:20-bookworm-slim
if command -v podman >/dev/null && podman image exists "$TAG" 2>/dev/null; then
  echo "stand-in $TAG already present"
  exit 0
fi
need=""
command -v podman >/dev/null || need="$need podman"
command -v debootstrap >/dev/null || need="$need debootstrap"
command -v runc >/dev/null || need="$need runc"
if [ -n "$need" ]; then
  apt-get -o DPkg::Lock::Timeout=600 update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq $need podman-compose >/dev/null
fi
# crun and podman's default ulimits are refused in this sandbox.
mkdir -p /etc/containers
grep -q default_ulimits /etc/containers/containers.conf 2>/dev/null ||
  printf '[containers]\ndefault_ulimits = []\n[engine]\nruntime = "runc"\n' >>/etc/containers/containers.conf

# The Debian mirror this machine's apt already reads (deb822 .sources files or sources.list).
mirror=$(
  {
    grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources || true
    grep -hs '^deb ' /etc/apt/sources.list || true
  } | awk '$2 ~ /\/debian\/?$/ {print $2; exit}'
)
[ -n "$mirror" ] || { echo "no Debian mirror found in the apt sources" >&2; exit 1; }

R=$(mktemp -d /tmp/node-rootfs.XXXXXX)
trap 'rm -rf "$R"' EXIT
debootstrap --variant=minbase bookworm "$R" "$mirror" >/dev/null
mkdir -p "$R/usr/local/bin" "$R/usr/local/lib/node_modules" "$R/usr/local/include" "$R/usr/local/etc"
cp "$(readlink -f "$(command -v node)")" "$R/usr/local/bin/node"
cp -a "$(dirname "$(readlink -f "$(command -v npm)")")/.." "$R/usr/local/lib/node_modules/npm"
[ -d /usr/include/node ] && cp -a /usr/include/node "$R/usr/local/include/node"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$R/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$R/usr/local/bin/npx"
cp /etc/resolv.conf "$R/etc/resolv.conf"
# This machine reaches the package registries through its own certificate authority.
mkdir -p "$R/etc/ssl/certs"
cp /etc/ssl/certs/ca-certificates.crt "$R/etc/ssl/certs/ca-certificates.crt"
printf 'cafile=/etc/ssl/certs/ca-certificates.crt\nfund=false\naudit=false\nupdate-notifier=false\n' >"$R/usr/local/etc/npmrc"
tar -C "$R" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' - "$TAG" >/dev/null
echo "stand-in $TAG built"

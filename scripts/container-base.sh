#!/usr/bin/env bash
# Builds a local stand-in for the official `node:24-bookworm-slim` image, so that the Dockerfile can
# be built and run with podman on a machine that cannot pull from a container registry: Debian
# bookworm (debootstrap, from the mirror this machine's apt uses) plus the Node 24 that npm's scripts
# run here (the machine's own, or the one npm ci installed from the registry: runtime/, decision 037)
# with its C headers, and this machine's npm, at the official image's paths.
#
# Usage: bash scripts/container-base.sh      # after npm ci; once per machine (about 1 min)
# It installs podman, podman-compose, debootstrap and runc when missing, and configures podman for
# this sandbox: the runc runtime and no default ulimits (crun and podman's default ulimits are refused).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TAG=docker.io/library/node:24-bookworm-slim
LINE=24

need=""
command -v podman >/dev/null || need="$need podman podman-compose"
command -v debootstrap >/dev/null || need="$need debootstrap"
command -v runc >/dev/null || need="$need runc"
if [ -n "$need" ]; then
  apt-get -o DPkg::Lock::Timeout=600 update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq $need >/dev/null
fi
mkdir -p /etc/containers
grep -q default_ulimits /etc/containers/containers.conf 2>/dev/null || \
  printf '[containers]\ndefault_ulimits = []\n[engine]\nruntime = "runc"\n' >> /etc/containers/containers.conf
if podman image exists "$TAG" 2>/dev/null; then echo "stand-in $TAG already present"; exit 0; fi

node_bin="$(readlink -f "$(PATH="$ROOT/node_modules/.bin:$PATH" command -v node)")"
version="$("$node_bin" --version)"
[ "${version%%.*}" = "v$LINE" ] || { echo "container-base: the Node here is $version, not $LINE (run npm ci first)" >&2; exit 1; }
headers="$(dirname "$(dirname "$node_bin")")/include/node"
[ -f "$headers/node.h" ] || headers=/usr/include/node
grep -q "NODE_MAJOR_VERSION $LINE\$" "$headers/node_version.h" 2>/dev/null || { echo "container-base: no Node $LINE headers beside $node_bin" >&2; exit 1; }
mirror="$(awk '/^URIs:/ && $2 ~ /\/debian\/?$/ {print $2; exit}' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)"
[ -n "$mirror" ] || mirror="$(awk '$1 == "deb" && $2 ~ /\/debian\/?$/ {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)"
[ -n "$mirror" ] || { echo "container-base: no Debian mirror in this machine's apt sources" >&2; exit 1; }

R=$(mktemp -d /tmp/node-rootfs.XXXXXX)
trap 'rm -rf "$R"' EXIT
debootstrap --variant=minbase bookworm "$R" "$mirror" >/dev/null
mkdir -p "$R/usr/local/bin" "$R/usr/local/lib/node_modules" "$R/usr/local/include" "$R/usr/local/etc"
cp "$node_bin" "$R/usr/local/bin/node"
cp -a "$(dirname "$(readlink -f "$(command -v npm)")")/.." "$R/usr/local/lib/node_modules/npm"
cp -a "$headers" "$R/usr/local/include/node"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$R/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$R/usr/local/bin/npx"
cp /etc/resolv.conf "$R/etc/resolv.conf"
# This machine reaches the package registries through its own certificate authority.
mkdir -p "$R/etc/ssl/certs"
cp /etc/ssl/certs/ca-certificates.crt "$R/etc/ssl/certs/ca-certificates.crt"
printf 'cafile=/etc/ssl/certs/ca-certificates.crt\nfund=false\naudit=false\nupdate-notifier=false\n' > "$R/usr/local/etc/npmrc"
tar -C "$R" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' - "$TAG" >/dev/null
echo "stand-in $TAG built with Node $version"

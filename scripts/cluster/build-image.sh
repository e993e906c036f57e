#!/bin/bash
# Opt-in, as root, on Debian: builds the container image of ./Dockerfile with buildah, with
# no daemon and no image registry, then runs `generate` on the bundled sample and `verify`
# inside it as the image's non-root user. Not part of `npm test`.
#
#   sudo scripts/cluster/build-image.sh                 # image misi-gen:<version>
#   sudo IMAGE=misi-gen:test scripts/cluster/build-image.sh
#
# 1. Installs Debian's buildah and mmdebstrap if missing.
# 2. The base image named by the Dockerfile's FROM, unless buildah already holds it (or
#    FORCE_BASE=1): where no registry is reachable, a stand-in is made here: a minimal
#    Debian bookworm (mmdebstrap --variant=minbase) plus this machine's own Node 20 and npm
#    in /usr/local, as in the official node image (and the certificate authorities this
#    machine's npm trusts, if it has extra ones), committed under that name. Where a
#    registry is reachable, `buildah pull` of the real one does as well.
# 3. `npm pack`, then `buildah bud --pull=never` of the Dockerfile unchanged.
# 4. generate + verify in a container of the new image, as its user.
# buildah runs with --storage-driver vfs and --isolation chroot (no overlay or user
# namespaces needed); STORAGE_DRIVER overrides the driver.
set -euo pipefail
say() { echo "build-image: $*" >&2; }
[[ $(id -u) -eq 0 ]] || { say "run as root (buildah with chroot isolation needs it)"; exit 1; }
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
version=$(node -p 'require("./package.json").version')
IMAGE=${IMAGE:-misi-gen:$version}
bah=(buildah --storage-driver "${STORAGE_DRIVER:-vfs}")
export BUILDAH_ISOLATION=chroot
start=$SECONDS
step() { say "[$((SECONDS - start)) s] $*"; }

missing=()
for p in buildah mmdebstrap; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  step "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" \
    || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"; }
fi

work=$(mktemp -d /tmp/misi-build-image.XXXXXX)
containers=()
cleanup() {
  for c in "${containers[@]}"; do "${bah[@]}" rm "$c" >/dev/null 2>&1 || true; done
  rm -rf "$work" "$repo/misi-gen-$version.tgz"
}
trap cleanup EXIT

base=$(awk 'toupper($1) == "FROM" { print $2; exit }' Dockerfile)
if [[ ${FORCE_BASE:-0} != 1 ]] && "${bah[@]}" inspect --type image "$base" >/dev/null 2>&1; then
  step "base image $base: already in buildah's storage"
else
  node_bin=$(command -v node)
  node_major=$("$node_bin" -p 'process.versions.node.split(".")[0]')
  [[ $node_major == 20 ]] || { say "this machine's node is $("$node_bin" --version); the base needs Node 20"; exit 1; }
  npm_dir=$(cd "$(dirname "$(readlink -f "$(command -v npm)")")/.." && pwd)
  step "base image $base: a minimal bookworm (mmdebstrap) + this machine's Node $("$node_bin" --version) ($node_bin) and npm ($npm_dir)"
  mmdebstrap --quiet --variant=minbase bookworm "$work/rootfs.tar"
  ctr=$("${bah[@]}" from scratch)
  containers+=("$ctr")
  mnt=$("${bah[@]}" mount "$ctr")
  tar -C "$mnt" -xf "$work/rootfs.tar"
  install -D -m 0755 "$(readlink -f "$node_bin")" "$mnt/usr/local/bin/node"
  mkdir -p "$mnt/usr/local/lib/node_modules"
  cp -a "$npm_dir" "$mnt/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$mnt/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$mnt/usr/local/bin/npx"
  # Where this machine reaches the npm registry through a TLS proxy of its own, its npm
  # trusts an extra certificate authority (npm's cafile, or NODE_EXTRA_CA_CERTS); the
  # stand-in takes that trust too, or `npm install` in the Dockerfile cannot fetch.
  ca_env=()
  host_ca=${NODE_EXTRA_CA_CERTS:-$(npm config get cafile 2>/dev/null || true)}
  if [[ -n $host_ca && $host_ca != null && $host_ca != undefined && -s $host_ca ]]; then
    install -D -m 0644 "$host_ca" "$mnt/usr/local/share/misi-gen-build/ca-certificates.crt"
    ca_env=(--env NODE_EXTRA_CA_CERTS=/usr/local/share/misi-gen-build/ca-certificates.crt)
    step "base image: with this machine's certificate authorities ($host_ca) for npm"
  fi
  "${bah[@]}" umount "$ctr" >/dev/null
  "${bah[@]}" config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --env NODE_VERSION="$("$node_bin" -p process.versions.node)" "${ca_env[@]}" --cmd node "$ctr"
  "${bah[@]}" commit --quiet "$ctr" "$base" >/dev/null
  step "base image $base committed"
fi

step "npm pack"
rm -f misi-gen-*.tgz
npm pack --silent >/dev/null
ls -l "misi-gen-$version.tgz" >&2

step "buildah bud --pull=never -t $IMAGE (Dockerfile unchanged)"
"${bah[@]}" bud --pull=never --isolation chroot --layers=false -t "$IMAGE" -f Dockerfile .
"${bah[@]}" images "$IMAGE" >&2

step "generate + verify inside $IMAGE"
ctr=$("${bah[@]}" from --pull=never "$IMAGE")
containers+=("$ctr")
user=$("${bah[@]}" inspect --type container --format '{{.OCIv1.Config.User}}' "$ctr")
[[ -n $user && $user != root && $user != 0 ]] || { say "the image runs as '${user:-root}', not its own user"; exit 1; }
"${bah[@]}" run "$ctr" -- sh -c '
  set -e
  echo "inside: user $(id -un) (uid $(id -u)), $(node --version), misi-gen $(misi-gen --version), $(chromium --version 2>/dev/null)"
  cd /work
  misi-gen generate --out out --test-share 0.5
  misi-gen verify out
  echo "inside: manifest versions $(node -p "JSON.stringify(require(\"/work/out/manifest.json\").versions)")"
'
step "done: $IMAGE built (user $user); generate and verify passed inside it"

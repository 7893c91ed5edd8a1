#!/bin/sh
# Installs `appalert` from a release archive (scripts/release makes them):
#
#   sh install.sh ARCHIVE [PREFIX]
#   curl -fsSL https://raw.githubusercontent.com/OWNER/AppAlert/main/scripts/install.sh \
#     | sh -s -- https://github.com/OWNER/AppAlert/releases/download/v0.1.0/appalert-0.1.0-linux-x86_64.tar.gz ~/.local
#
# ARCHIVE is a URL (https:, or http: for a local server) or a path. Its checksum, ARCHIVE.sha256, is
# fetched from beside it and checked before anything is unpacked; a mismatch, a missing checksum or an
# archive that is not an appalert release installs nothing. Then PREFIX (default ~/.local) gets
# bin/appalert, share/man/man1/appalert.1 and the bash, zsh and fish completions under share/, each
# file replaced in one step. Needs curl or wget for a URL, and sha256sum, shasum or openssl.
set -eu

fail() {
  echo "install.sh: $*" >&2
  exit 1
}

if [ $# -lt 1 ] || [ $# -gt 2 ]; then fail "usage: sh install.sh ARCHIVE [PREFIX]"; fi
archive=$1
prefix=${2:-${HOME:?}/.local}

work=$(mktemp -d 2>/dev/null || mktemp -d -t appalert)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# fetch SOURCE DEST: a URL with curl or wget (failing on an HTTP error), else a local copy.
fetch() {
  case $1 in
    https://* | http://*)
      if command -v curl >/dev/null 2>&1; then
        curl -fsSL --proto '=https,http' --retry 2 -o "$2" "$1"
      elif command -v wget >/dev/null 2>&1; then
        wget -q -O "$2" "$1"
      else
        fail "curl or wget is needed to download $1"
      fi
      ;;
    *) cp "$1" "$2" ;;
  esac
}

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d ' ' -f 1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d ' ' -f 1
  elif command -v openssl >/dev/null 2>&1; then
    openssl dgst -sha256 -r "$1" | cut -d ' ' -f 1
  else
    fail "sha256sum, shasum or openssl is needed to check the archive"
  fi
}

name=${archive##*/}
case $name in
  appalert-*.tar.gz) ;;
  *) fail "$archive: not an appalert release archive (appalert-VERSION-OS-ARCH.tar.gz)" ;;
esac
fetch "$archive" "$work/$name" || fail "$archive: could not be read"
fetch "$archive.sha256" "$work/checksum" || fail "$archive.sha256: could not be read; nothing installed"

expected=$(cut -d ' ' -f 1 < "$work/checksum" | head -n 1 | tr 'A-F' 'a-f')
case $expected in
  *[!0-9a-f]* | "") fail "$archive.sha256: not a SHA-256 checksum; nothing installed" ;;
esac
[ ${#expected} -eq 64 ] || fail "$archive.sha256: not a SHA-256 checksum; nothing installed"
actual=$(sha256 "$work/$name")
[ "$actual" = "$expected" ] \
  || fail "$archive: its SHA-256 is $actual, not $expected as $name.sha256 says; nothing installed"

mkdir "$work/unpacked"
tar -xzf "$work/$name" -C "$work/unpacked" || fail "$archive: could not be unpacked; nothing installed"
top="$work/unpacked/${name%.tar.gz}"
[ -f "$top/bin/appalert" ] || fail "$archive: no ${name%.tar.gz}/bin/appalert inside; nothing installed"

# Each file goes in beside its place under a temporary name, then is renamed over it: an appalert
# running from PREFIX/bin keeps running, and no half-written file is ever at the final path.
put() { # put SOURCE DEST MODE
  [ -f "$1" ] || return 0
  mkdir -p "$(dirname "$2")"
  cp "$1" "$2.new.$$"
  chmod "$3" "$2.new.$$"
  mv -f "$2.new.$$" "$2"
  echo "$2"
}
put "$top/bin/appalert" "$prefix/bin/appalert" 0755
put "$top/share/man/man1/appalert.1" "$prefix/share/man/man1/appalert.1" 0644
put "$top/share/bash-completion/completions/appalert" "$prefix/share/bash-completion/completions/appalert" 0644
put "$top/share/zsh/site-functions/_appalert" "$prefix/share/zsh/site-functions/_appalert" 0644
put "$top/share/fish/vendor_completions.d/appalert.fish" "$prefix/share/fish/vendor_completions.d/appalert.fish" 0644

case ":${PATH:-}:" in
  *":$prefix/bin:"*) ;;
  *) echo "install.sh: add $prefix/bin to PATH to run appalert" >&2 ;;
esac

#!/usr/bin/env bash
# Installs Debian's Chromium and starts a PostgreSQL cluster with a `portal` role where missing.
# Safe to run repeatedly.
set -euo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if [ -z "${CHROMIUM_PATH:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  echo "[ci] installing Chromium from Debian"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    echo "[ci] installing PostgreSQL from Debian"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  fi
  version=$(pg_lsclusters -h | awk 'NR==1 {print $1}')
  cluster=$(pg_lsclusters -h | awk 'NR==1 {print $2}')
  if [ -z "$version" ]; then
    version=$(ls /usr/lib/postgresql | sort -n | tail -1)
    cluster=main
    as_root pg_createcluster "$version" "$cluster"
  fi
  if ! pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1==v && $2==c {print $4}' | grep -q online; then
    echo "[ci] starting PostgreSQL $version/$cluster"
    as_root pg_ctlcluster "$version" "$cluster" start
  fi
  for _ in $(seq 1 30); do
    if as_root su postgres -c "psql -qtAc 'select 1'" >/dev/null 2>&1; then break; fi
    sleep 1
  done
  as_root su postgres -c "psql -qtAc \"select 1 from pg_roles where rolname='portal'\"" | grep -q 1 ||
    as_root su postgres -c "psql -qc \"create role portal login superuser password 'portal'\""
fi

#!/usr/bin/env bash
# Runs a systemd unit's ExecStart the way systemd would, without systemd (a container, CI): in its
# WorkingDirectory, as its User and Group, with nothing in the environment but its Environment=
# lines and its EnvironmentFile=. Used by .ci/run to start the installed package's server.
#
#   scripts/run-as-unit.sh /lib/systemd/system/tidings.service [EXTRA_VARIABLE=VALUE ...]
#
# Extra variables come last, so they win (CI moves the port). Handles what deploy/tidings.service
# uses: one ExecStart without systemd's specifiers, unquoted Environment= values.
set -euo pipefail
unit=$1
shift
value() { sed -n "s/^$1=//p" "$unit" | tail -1; }
user=$(value User)
group=$(value Group)
directory=$(value WorkingDirectory)
command=$(value ExecStart)
variables=()
while IFS= read -r line; do variables+=("$line"); done < <(sed -n 's/^Environment=//p' "$unit")
while IFS= read -r file; do
    optional=${file#-}
    if [ -r "$optional" ]; then
        while IFS= read -r line; do
            case $line in '' | '#'*) ;; *) variables+=("$line") ;; esac
        done <"$optional"
    elif [ "$optional" = "$file" ]; then
        echo "run-as-unit: EnvironmentFile $file is missing" >&2
        exit 1
    fi
done < <(sed -n 's/^EnvironmentFile=//p' "$unit")
variables+=("$@")
cd "${directory:-/}"
# shellcheck disable=SC2086 # ExecStart is words, as systemd splits it
exec env -i "${variables[@]}" setpriv --reuid="${user:-root}" --regid="${group:-${user:-root}}" --init-groups -- $command

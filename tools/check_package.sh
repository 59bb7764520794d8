#!/usr/bin/env bash
# The package as a user gets it: build the sdist and, from the unpacked sdist, the wheel (`python3 -m build`);
# check both with twine; check that the wheel carries every file of src/ra and nothing else; install the wheel into a
# fresh virtual environment (its dependencies from the package index, through pip's cache); then, in an empty folder
# so that nothing of the checkout can be found, run `ra --version` and `ra serve` and ask the server what a first
# visitor asks (tools/serve_smoke.py). .ci/run runs it before the tests; it needs `build` and `twine` (the test extra).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d "${TMPDIR:-/tmp}/ra-package.XXXXXX")
server=""

cleanup() {
  if [[ -n $server ]] && kill -0 "$server" 2>/dev/null; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

step() { printf '[%3d s] %s\n' "$SECONDS" "$*"; }

# Runs a command with its output kept aside, shown only if it fails.
quiet() {
  if ! "$@" >"$work/step.log" 2>&1; then
    cat "$work/step.log" >&2
    echo "check_package: failed: $*" >&2
    return 1
  fi
}

# The sources a commit would hold (tracked files and new ones git does not ignore), copied apart, so that the build
# neither writes into the checkout nor picks up a stale ra.egg-info or a file lying around in src/ra.
step "copying the sources"
mkdir "$work/tree"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git ls-files -z --cached --others --exclude-standard |
    python3 -c '
import shutil, sys
from pathlib import Path
for name in sys.stdin.buffer.read().split(b"\0"):
    source = Path(name.decode())
    if name and source.is_file():  # a tracked file deleted in the working tree is left out
        (Path(sys.argv[1]) / source).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, Path(sys.argv[1]) / source)
' "$work/tree"
else
  tar --exclude=node_modules --exclude=__pycache__ --exclude='*.egg-info' --exclude=./build --exclude=./dist \
    --exclude=./ra-data --exclude=./test-artifacts --exclude='.*_cache' --exclude=.hypothesis --exclude=.git \
    -cf - . | tar -xf - -C "$work/tree"
fi

step "python3 -m build: the sdist, then the wheel from the unpacked sdist"
quiet python3 -m build --outdir "$work/dist" "$work/tree"
sdists=("$work"/dist/ra-*.tar.gz)
wheels=("$work"/dist/ra-*-py3-none-any.whl)
sdist=${sdists[0]}
wheel=${wheels[0]}
[[ -f $sdist && -f $wheel ]] || { echo "check_package: no sdist or wheel in $work/dist" >&2; exit 1; }
version=$(python3 -c 'import ast, sys
tree = ast.parse(open(sys.argv[1], encoding="utf-8").read())
print(next(node.value.value for node in tree.body if isinstance(node, ast.Assign) and node.targets[0].id == "__version__"))
' src/ra/__init__.py)
[[ $(basename "$wheel") == "ra-$version-py3-none-any.whl" ]] ||
  { echo "check_package: $(basename "$wheel") is not version $version of src/ra/__init__.py" >&2; exit 1; }
step "built $(basename "$sdist") ($(du -k "$sdist" | cut -f1) KiB), $(basename "$wheel") ($(du -k "$wheel" | cut -f1) KiB)"

step "twine check --strict"
quiet python3 -m twine check --strict "$sdist" "$wheel"

step "the wheel (built from the sdist) carries every file of src/ra and nothing else"
python3 - "$wheel" "$work/tree/src" "$sdist" <<'EOF'
import sys
import tarfile
import zipfile
from pathlib import Path

wheel, sources, sdist = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
top = Path(sdist).name.removesuffix(".tar.gz")
kept = set(tarfile.open(sdist).getnames())
lacking = [name for name in ("pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md") if f"{top}/{name}" not in kept]
if lacking:
    sys.exit(f"check_package: the sdist lacks {lacking} (MANIFEST.in)")
shipped = {name for name in zipfile.ZipFile(wheel).namelist() if not name.split("/")[0].endswith(".dist-info")}
wanted = {path.relative_to(sources).as_posix() for path in (sources / "ra").rglob("*") if path.is_file()}
missing, extra = sorted(wanted - shipped), sorted(shipped - wanted)
if missing or extra:
    # A new kind of file in src/ra needs its pattern in pyproject's [tool.setuptools.package-data].
    sys.exit(f"check_package: the wheel lacks {missing[:20]} and has besides {extra[:20]}: see package-data")
print(f"         {len(shipped)} files")
EOF

step "a fresh virtual environment with the wheel installed"
# No pip of its own (ensurepip takes seconds): this pip installs into it (`--python`). --no-compile: the server
# compiles what it imports; byte-compiling every dependency up front took most of the install's CPU.
python3 -m venv --without-pip "$work/venv"
quiet python3 -m pip --python "$work/venv/bin/python" install --disable-pip-version-check --no-compile "$wheel"

# From here on, an empty folder and no PYTHONPATH: only the installed package can answer.
mkdir "$work/run"
cd "$work/run"
unset PYTHONPATH RA_DATABASE_URL RA_REDIS_URL RA_SMTP_HOST
where=$("$work/venv/bin/python" -c 'import ra; print(ra.__file__)')
[[ $where == "$work/venv/"* ]] || { echo "check_package: ra was imported from $where, not the venv" >&2; exit 1; }
said=$("$work/venv/bin/ra" --version)
[[ $said == "ra $version" ]] || { echo "check_package: ra --version said '$said', not 'ra $version'" >&2; exit 1; }
step "$said, imported from the venv"

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
step "ra serve on port $port"
"$work/venv/bin/ra" serve --host 127.0.0.1 --port "$port" --data "$work/run/data" --bot-workers 1 \
  >"$work/serve.log" 2>&1 &
server=$!
if ! python3 "$root/tools/serve_smoke.py" "http://127.0.0.1:$port" --wait 60 | sed 's/^/         /'; then
  echo "check_package: the installed server failed; its log:" >&2
  tail -n 40 "$work/serve.log" >&2
  exit 1
fi
kill "$server"
wait "$server" || true # uvicorn stops on SIGTERM; its exit status on a signal is not ours to judge
server=""
if grep -q Traceback "$work/serve.log"; then
  echo "check_package: the server logged an error:" >&2
  cat "$work/serve.log" >&2
  exit 1
fi
step "the package is whole"

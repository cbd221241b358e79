"""Lint deploy/compose.yaml and deploy/nginx.conf, since no Docker engine runs here: two app
servers on the postgres service, migrations once, and a proxy that streams /g/<id>/live."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from sqlalchemy.engine import make_url

from app.cli import build_parser
from app.web.live import Broadcaster

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = ROOT / "deploy" / "compose.yaml"
NGINX_CONF = ROOT / "deploy" / "nginx.conf"
NGINX = Path("/usr/sbin/nginx")

# What `docker compose` would read from the environment or an .env file.
ENVIRONMENT = {"POSTGRES_PASSWORD": "pw", "FACEDOWN_SECRET_KEY": "a-long-random-string"}
_VARIABLE = re.compile(r"\$\{(\w+)(?::?([?-])([^}]*))?\}")


def _variable(match: re.Match[str]) -> str:
    name, kind, default = match.groups()
    return ENVIRONMENT[name] if kind != "-" or name in ENVIRONMENT else default


def interpolate(value: Any) -> Any:
    """Compose's ${VAR}, ${VAR:?message} and ${VAR:-default}, with ENVIRONMENT's values."""
    if isinstance(value, str):
        return _VARIABLE.sub(_variable, value)
    if isinstance(value, list):
        return [interpolate(v) for v in value]
    if isinstance(value, dict):
        return {k: interpolate(v) for k, v in value.items()}
    return value


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    # safe_load resolves the YAML anchors and `<<` merges, as compose does.
    return interpolate(yaml.safe_load(COMPOSE.read_text(encoding="utf-8")))


def services_running(compose: dict[str, Any], *argv: str) -> dict[str, dict[str, Any]]:
    return {
        name: service
        for name, service in compose["services"].items()
        if service.get("command", [])[: len(argv)] == list(argv)
    }


def app_servers(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The services running the image's own command: `facedown serve`."""
    return {
        name: service
        for name, service in compose["services"].items()
        if service.get("image", "").startswith("facedown") and "command" not in service
    }


def test_postgres_is_the_official_15_image_with_a_volume_and_a_healthcheck(compose) -> None:
    postgres = compose["services"]["postgres"]
    assert postgres["image"] == "postgres:15"
    [volume] = postgres["volumes"]
    name, _, mount = volume.partition(":")
    assert mount == "/var/lib/postgresql/data"
    assert name in compose["volumes"], "a named volume, declared at the top level"
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])


def test_two_app_servers_share_the_database_and_the_secret(compose) -> None:
    apps = app_servers(compose)
    replicas = sum(s.get("deploy", {}).get("replicas", 1) for s in apps.values())
    assert replicas >= 2, sorted(apps)
    postgres = compose["services"]["postgres"]["environment"]
    for name, service in apps.items():
        env = service["environment"]
        url = make_url(env["DATABASE_URL"])
        assert url.drivername == "postgresql+psycopg", name
        assert url.host == "postgres" and url.host in compose["services"], name
        assert (url.username, url.password, url.database) == (
            postgres["POSTGRES_USER"],
            postgres["POSTGRES_PASSWORD"],
            postgres["POSTGRES_DB"],
        )
        assert "FACEDOWN_DATABASE_URL" not in env, "it would win over DATABASE_URL"
        assert "ports" not in service, f"{name}: only the proxy may reach the app servers"
    secrets = {s["environment"].get("FACEDOWN_SECRET_KEY") for s in apps.values()}
    assert len(secrets) == 1 and None not in secrets, "one shared FACEDOWN_SECRET_KEY"


def test_migrations_run_once_before_the_app_servers(compose) -> None:
    [(name, migrate)] = services_running(compose, "facedown", "migrate").items()
    args = build_parser().parse_args(migrate["command"][1:])
    assert args.command == "migrate" and args.db is None  # from DATABASE_URL
    assert migrate["environment"]["DATABASE_URL"].startswith("postgresql+psycopg://")
    assert migrate["depends_on"]["postgres"]["condition"] == "service_healthy"
    for app in app_servers(compose).values():
        assert app["depends_on"][name]["condition"] == "service_completed_successfully"


def test_the_proxy_is_nginx_with_our_config_in_front_of_every_app(compose) -> None:
    proxy = compose["services"]["proxy"]
    assert proxy["image"].startswith("nginx:")
    assert "./nginx.conf:/etc/nginx/nginx.conf:ro" in proxy["volumes"]
    assert proxy["ports"], "the one published port"
    assert set(proxy["depends_on"]) == set(app_servers(compose))
    assert (COMPOSE.parent / "nginx.conf").is_file()


def test_behind_the_proxy_that_logs_the_app_servers_keep_no_access_log(compose) -> None:
    from app.cli import ENV_ACCESS_LOG, access_log_on

    for name, service in app_servers(compose).items():
        assert access_log_on(service["environment"]) is False, name
    assert ENV_ACCESS_LOG == "FACEDOWN_ACCESS_LOG"
    assert re.search(r"^\s*access_log /dev/stdout facedown;", NGINX_CONF.read_text(), re.M)


def test_the_app_servers_trust_forwarded_headers_from_the_proxy_alone(compose) -> None:
    """FORWARDED_ALLOW_IPS is the proxy's fixed address on the compose network: never "*",
    under which uvicorn takes the first X-Forwarded-For entry, one the client wrote."""
    from ipaddress import ip_address, ip_network

    [network] = compose["networks"]["default"]["ipam"]["config"]
    proxy_address = compose["services"]["proxy"]["networks"]["default"]["ipv4_address"]
    assert ip_address(proxy_address) in ip_network(network["subnet"])
    for name, service in app_servers(compose).items():
        assert service["environment"]["FORWARDED_ALLOW_IPS"] == proxy_address, name
        assert "networks" not in service, f"{name}: on the proxy's network, the default one"


# -- nginx.conf -----------------------------------------------------------------------------


@dataclass
class Directive:
    name: str
    args: list[str]
    block: list[Directive] | None = None
    children: list[Directive] = field(default_factory=list)

    def all(self, name: str) -> list[Directive]:
        return [d for d in self.children if d.name == name]

    def one(self, name: str) -> Directive:
        [found] = self.all(name)
        return found

    def values(self, name: str) -> list[list[str]]:
        return [d.args for d in self.all(name)]


_TOKEN = re.compile(r"\"((?:\\.|[^\"\\])*)\"|'((?:\\.|[^'\\])*)'|([{};])|([^\s{};\"']+)")


def parse_nginx(text: str) -> Directive:
    """A small nginx config reader: directives, blocks, quoted strings and # comments."""
    text = "\n".join(re.sub(r"(^|\s)#.*$", "", line) for line in text.splitlines())
    root = Directive("main", [])
    stack, words = [root], []
    for match in _TOKEN.finditer(text):
        double, single, punct, bare = match.groups()
        if punct is None:
            words.append(double if double is not None else single if single is not None else bare)
        elif punct == "{":
            block = Directive(words[0], words[1:])
            stack[-1].children.append(block)
            stack.append(block)
            words = []
        elif punct == ";":
            stack[-1].children.append(Directive(words[0], words[1:]))
            words = []
        else:
            assert not words, f"unterminated directive {words}"
            stack.pop()
    assert len(stack) == 1 and not words, "unbalanced braces"
    return root


@pytest.fixture(scope="module")
def nginx() -> Directive:
    return parse_nginx(NGINX_CONF.read_text(encoding="utf-8"))


def test_the_nginx_reader() -> None:
    conf = parse_nginx("a 1; # c\nb { c \"x y\"; d 'z'; }\n")
    assert [(d.name, d.args) for d in conf.children] == [("a", ["1"]), ("b", [])]
    assert conf.one("b").values("c") == [["x y"]] and conf.one("b").values("d") == [["z"]]


def _seconds(value: str) -> int:
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    return int(value[:-1]) * units[value[-1]] if value[-1] in units else int(value)


def test_upstream_balances_every_app_server(nginx, compose) -> None:
    http = nginx.one("http")
    upstream = http.one("upstream")
    servers = {args[0] for args in upstream.values("server")}
    assert servers == {f"{name}:8000" for name in app_servers(compose)}
    assert upstream.all("keepalive"), "keep-alive connections to the app servers"


def test_the_live_stream_is_not_buffered(nginx) -> None:
    server = nginx.one("http").one("server")
    [live] = [
        loc
        for loc in server.all("location")
        if loc.args[0] == "~" and re.search(loc.args[1], "/g/Ab-c_12/live")
    ]
    assert not re.search(live.args[1], "/g/Ab-c_12/live/more")
    assert not re.search(live.args[1], "/g/Ab-c_12/view")
    assert live.values("proxy_buffering") == [["off"]]
    assert live.values("proxy_pass") == [["http://facedown"]]
    # Longer than a stream lives before the app closes it (the client then reconnects).
    assert _seconds(live.one("proxy_read_timeout").args[0]) > Broadcaster().lifetime


def test_requests_reach_the_app_as_http_1_1_with_forwarding_headers(nginx) -> None:
    server = nginx.one("http").one("server")
    assert server.values("proxy_http_version") == [["1.1"]]
    headers = {args[0]: args[1] for args in server.values("proxy_set_header")}
    assert headers["Connection"] == ""
    assert headers["Host"] == "$http_host", "with the port: the CSRF origin check compares it"
    # Replaced, not appended: an appended list starts with whatever the client sent.
    assert headers["X-Forwarded-For"] == "$remote_addr"
    assert headers["X-Forwarded-Proto"] == "$scheme"
    for location in server.all("location"):
        # A location's own proxy_set_header would drop every header set at server level.
        assert not location.all("proxy_set_header"), location.args
        assert not location.all("proxy_http_version"), location.args


def test_the_access_log_never_holds_a_token(nginx) -> None:
    http = nginx.one("http")
    [log_format] = http.all("log_format")
    text = " ".join(log_format.args[1:])
    assert "$redacted_uri" in text
    assert not re.search(
        r"\$(request|request_uri|uri|args|query_string|http_authorization)\b", text
    )
    [access_log] = http.all("access_log")
    assert access_log.args[-1] == log_format.args[0]
    [mapping] = [m for m in http.all("map") if m.args == ["$request_uri", "$redacted_uri"]]

    def redacted(uri: str) -> str:
        for directive in mapping.children:
            pattern, value = directive.name, directive.args[0]
            if pattern == "default":
                continue
            found = re.search(pattern.removeprefix("~").replace("(?<", "(?P<"), uri)
            if found:
                for name, group in found.groupdict().items():
                    value = value.replace(f"${name}", group)
                return value
        return uri

    assert redacted("/join/SECRET") == "/join/..."
    assert "SECRET" not in redacted("/g/abc/view?token=SECRET&x=1")
    assert "SECRET" not in redacted("/g/abc/view?x=1&t=SECRET")
    assert redacted("/g/abc/at?v=3") == "/g/abc/at?v=3"


def test_nginx_accepts_the_config(tmp_path: Path) -> None:
    if not NGINX.exists():
        pytest.skip(f"{NGINX} is not installed (Debian's nginx): the config is only linted")
    text = NGINX_CONF.read_text(encoding="utf-8")
    # The compose service names resolve only inside compose's network.
    text = re.sub(r"\bapp\d+:8000\b", "127.0.0.1:8000", text)
    conf = tmp_path / "nginx.conf"
    conf.write_text(text, encoding="utf-8")
    (tmp_path / "logs").mkdir()
    done = subprocess.run(
        [str(NGINX), "-t", "-p", str(tmp_path), "-c", str(conf), "-e", "stderr"],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 0, done.stderr

"""The server for `make bench`: `carefeed serve` against nginx serving the
same bytes, under wrk."""
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import time

from bench_measure import ROOT, RUNS, WORK, fresh

sys.path.insert(0, str(ROOT / "Tests/Reliability"))
import harness  # noqa: E402

NGINX_CONF = """worker_processes auto;
daemon off;
pid {work}/nginx.pid;
error_log {work}/error.log;
{user}
events {{ worker_connections 1024; }}
http {{
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    types {{ text/html html; text/css css; }}
    client_body_temp_path {work}/body;
    proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi;
    uwsgi_temp_path {work}/uwsgi;
    scgi_temp_path {work}/scgi;
    server {{
        listen 127.0.0.1:{port};
        root {work}/root;
    }}
}}
"""


def wrk(url, cookie=None, seconds=5, script=None, connections=32):
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", url]
    if cookie:
        command[1:1] = ["-H", f"Cookie: {cookie}"]
    if script:
        command[1:1] = ["-s", str(script)]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout

    def milliseconds(label):
        value, unit = re.search(rf"^\s+{label}%\s+([\d.]+)(us|ms|s)\s*$", output, re.M).groups()
        return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
            "p50": milliseconds(50), "p99": milliseconds(99), "errors": int(errors.group(1)) if errors else 0}


def server_and_nginx(store):
    work = fresh(WORK / "nginx")
    (work / "root/assets/css").mkdir(parents=True)
    # A day in the middle of r050's first weeks, with its task cards, as the
    # participant saw it that day.
    with sqlite3.connect(store) as database:
        enrolled, = database.execute("SELECT enrolled_on FROM participants WHERE id = 'r050'").fetchone()
    day = time.strftime("%Y-%m-%d", time.gmtime(time.mktime(time.strptime(enrolled, "%Y-%m-%d")) + 21 * 86400 + 43200))
    server = harness.Server(store, day, participant="r050")
    nginx = None
    try:
        probe = harness.Session.__new__(harness.Session)
        probe.port, probe.cookie, probe.token = server.port, None, None
        _, feed, headers = probe.request("GET", f"/feed/{day}")
        cookie = headers["set-cookie"].split(";")[0]
        (work / "root/feed.html").write_text(feed)
        shutil.copy(ROOT / "Sources/BuiltInAssets/Files/css/carefeed.css", work / "root/assets/css/carefeed.css")
        port = server.port + 1
        user = "user root;" if os.geteuid() == 0 else ""
        (work / "nginx.conf").write_text(NGINX_CONF.format(work=work, port=port, user=user))
        nginx = subprocess.Popen(["nginx", "-c", str(work / "nginx.conf"), "-p", str(work)],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        contenders = {
            ("feed", "carefeed"): (f"http://localhost:{server.port}/feed/{day}", cookie),
            ("feed", "nginx"): (f"http://localhost:{port}/feed.html", None),
            ("asset", "carefeed"): (f"http://localhost:{server.port}/assets/css/carefeed.css", cookie),
            ("asset", "nginx"): (f"http://localhost:{port}/assets/css/carefeed.css", None),
        }
        results = {key: [] for key in contenders}
        for run in range(RUNS):
            for key, (url, cookie_header) in contenders.items():
                results[key].append(wrk(url, cookie_header))
        return {"results": results, "feed_bytes": len(feed.encode()), "day": day,
                "cards": feed.count('<article class="card')}
    finally:
        server.stop()
        if nginx:
            nginx.terminate()
            nginx.wait()

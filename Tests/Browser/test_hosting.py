"""A hosted study (`carefeed host`) as participants live it: each invited,
each joining from their own link on a phone over real HTTPS (a certificate
made by openssl here), onboarding and answering; each seeing only their
own pages; signing out, a link used twice, a revoked phone; the clinician
site flagging an answer within two seconds; the calendar subscription read
by `icalendar`; and once the same journey behind Caddy."""
import re
import shutil
import signal
import socket
import ssl
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from icalendar import Calendar
from selenium.webdriver.common.by import By

from conftest import CAREFEED, PHONE, ROOT, console_errors, make_driver, screenshot, wait_for_next_page
from test_own_study import onboard
from test_participant_journey import click


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def carefeed(*arguments):
    return subprocess.run([CAREFEED, *arguments], cwd=ROOT, check=True, capture_output=True, text=True).stdout


def certificate(folder):
    """A self-signed certificate for localhost, as a study would have one from its CA."""
    key, cert = folder / "key.pem", folder / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
                   check=True, capture_output=True)
    return key, cert


class Host:
    """`carefeed host` over HTTPS, or behind Caddy, with the site kept in `folder/Site`."""

    def __init__(self, folder, tls=True, url=None, port=None, extra=()):
        self.folder = folder
        self.store = folder / "study.sqlite"
        self.site = folder / "Site"
        self.port = port or free_port()
        self.url = url or f"https://localhost:{self.port}"
        extra = list(extra)
        if tls:
            key, cert = certificate(folder)
            extra += ["--tls-cert", str(cert), "--tls-key", str(key)]
        self.errors = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(
            [CAREFEED, "host", "--store", str(self.store), "--port", str(self.port), "--url", self.url,
             "--site", str(self.site), *extra], cwd=ROOT, stdout=subprocess.PIPE, stderr=self.errors, text=True)
        line = self.process.stdout.readline()
        assert line.startswith("Hosting "), f"carefeed host did not start: {line!r} {self.stderr()}"
        threading.Thread(target=lambda: [None for _ in self.process.stdout], daemon=True).start()

    def invite(self, participant):
        said = carefeed("invite", "--store", str(self.store), "--participant", participant, "--url", self.url,
                        "--out", str(self.folder / "letters"))
        link = re.search(r"^(https://\S+/join/[a-z2-7]{26})$", said, re.M).group(1)
        letter = (self.folder / "letters" / f"{participant}.html").read_text()
        assert link in letter and "<svg class=\"qr\"" in letter, "the letter has the link and its QR code"
        return link

    def fetch(self, path):
        """A GET with no cookie, as a calendar app makes it."""
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        try:
            with urllib.request.urlopen(self.url + path, context=context, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def stderr(self):
        self.errors.seek(0)
        return self.errors.read()[-4000:]

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            assert self.process.wait(timeout=15) == 0, self.stderr()


@pytest.fixture
def folder():
    path = Path(tempfile.mkdtemp(prefix="carefeed-host-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def phone():
    return make_driver(PHONE, webgl=False, insecure_certificates=True)


def join_and_onboard(driver, link, name):
    driver.get(link)
    assert driver.find_element(By.TAG_NAME, "h1").text == "Welcome"
    click(driver, "Start")
    onboard(driver, name=name, share=True)


def answer_check_in(driver, pain, note):
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, "a.button[href^='/tasks/checkIn/']").click()
    wait_for_next_page(driver, page)
    for fieldset in driver.find_elements(By.CSS_SELECTOR, "form.survey fieldset"):
        options = fieldset.find_elements(By.CSS_SELECTOR, "input[type=radio]")
        wanted = [option for option in options if option.get_attribute("name") == "pain" and option.get_attribute("value") == str(pain)]
        chosen = wanted[0] if wanted else (options[0] if options else None)
        if chosen is not None:
            label = driver.find_element(By.CSS_SELECTOR, f"label[for='{chosen.get_attribute('id')}']")
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", label)
            label.click()
    for number in driver.find_elements(By.CSS_SELECTOR, "form.survey input[type=text]"):
        number.send_keys("7")
    for text in driver.find_elements(By.CSS_SELECTOR, "form.survey textarea"):
        text.send_keys(note)
    click(driver, "Save answers")


def flagged_on_site(host, participant, within):
    """Whether the site's index shows `participant` with High pain within `within` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        index = host.site / "index.html"
        if index.exists():
            rows = [row for row in index.read_text().split("<tr") if f">{participant}<" in row]
            if rows and "High pain" in rows[0]:
                return True
        time.sleep(0.05)
    return False


def test_two_participants_join_over_https_and_each_sees_only_their_own(folder):
    host = Host(folder)
    ada, bob = phone(), phone()
    try:
        ada_link, bob_link = host.invite("p1"), host.invite("p2")
        join_and_onboard(ada, ada_link, "Ada Lovelace")
        join_and_onboard(bob, bob_link, "Bob Brown")
        screenshot(ada, "hosted-feed-phone")
        assert ada.find_element(By.CSS_SELECTOR, "footer form.sign-out button").text == "Sign out"
        assert "p1" not in ada.current_url and "p2" not in bob.current_url

        # The clinician site shows the flag within two seconds of the answer.
        time.sleep(1.5)  # the builds the joins started
        answer_check_in(bob, 9, "bob-only-words")
        answered = time.monotonic()
        assert flagged_on_site(host, "p2", within=2.0), f"no flag on the site {time.monotonic() - answered:.1f} s on"

        # Ada sees none of Bob's: his signed name is on his consent page, never on hers.
        bob.get(host.url + "/consent")
        assert "Bob Brown" in bob.page_source
        for path in ["/consent", "/insights", "/"]:
            ada.get(host.url + path)
            assert "Bob Brown" not in ada.page_source and "p2" not in ada.page_source, path

        # A link works once: opened again in another browser, it says so, as an unknown one does.
        other = phone()
        try:
            other.get(ada_link)
            click(other, "Start")
            assert other.find_element(By.TAG_NAME, "h1").text == "This link no longer works"
            other.get(host.url + "/")
            assert other.find_element(By.TAG_NAME, "h1").text == "Please open your personal link"
        finally:
            other.quit()

        # Signing out ends the session; a lost phone is revoked by the team.
        ada.get(host.url + "/")
        click(ada, "Sign out")
        assert ada.find_element(By.TAG_NAME, "h1").text == "You are signed out"
        ada.get(host.url + "/")
        assert ada.find_element(By.TAG_NAME, "h1").text == "Please open your personal link"
        carefeed("devices", "--store", str(host.store), "--participant", "p2", "--revoke")
        bob.get(host.url + "/")
        assert bob.find_element(By.TAG_NAME, "h1").text == "Please open your personal link"
        # The 401 pages are meant; nothing else went wrong in either browser.
        for driver in (ada, bob):
            assert [error for error in console_errors(driver) if "status of 401" not in error] == []
    finally:
        ada.quit()
        bob.quit()
        host.stop()


def test_the_calendar_subscription_drops_what_is_answered(folder):
    host = Host(folder)
    driver = phone()
    try:
        join_and_onboard(driver, host.invite("p1"), "Ada Lovelace")
        # "Add reminders" subscribes: a webcal address with a token of its own, which a calendar app fetches without cookies.
        location = driver.execute_script("""
            const response = await fetch('/calendar.ics', {redirect: 'manual'});
            return response.type;""")
        assert location == "opaqueredirect"
        status, _ = host.fetch("/calendar.ics")
        assert status == 401, "the calendar needs the session or its own token"
        token = re.search(r"/calendar/([0-9a-f]{40})\.ics", subprocess.run(
            ["curl", "-sk", "-o", "/dev/null", "-w", "%{redirect_url}", "-b",
             f"__Host-carefeed_device={driver.get_cookie('__Host-carefeed_device')['value']}", host.url + "/calendar.ics"],
            check=True, capture_output=True, text=True).stdout).group(1)
        status, before = host.fetch(f"/calendar/{token}.ics")
        assert status == 200
        events = [event for event in Calendar.from_ical(before).walk("VEVENT")]
        assert events and all("p1" not in str(event["UID"]) for event in events)
        check_ins = [event for event in events if "check" in str(event["SUMMARY"]).lower()]
        assert check_ins and all(event.walk("VALARM") for event in events), "each event has an alarm"
        answer_check_in(driver, 3, "fine")
        _, after = host.fetch(f"/calendar/{token}.ics")
        later = [event for event in Calendar.from_ical(after).walk("VEVENT")]
        assert len(later) == len(events) - 1, "the answered check-in is gone"
        carefeed("devices", "--store", str(host.store), "--participant", "p1", "--revoke")
        assert host.fetch(f"/calendar/{token}.ics")[0] == 404
    finally:
        driver.quit()
        host.stop()


def test_the_letters_qr_code_reads_back_as_the_link(folder):
    store, letters = folder / "study.sqlite", folder / "letters"
    said = carefeed("invite", "--store", str(store), "--participant", "p1", "--language", "de-DE",
                    "--url", "https://study.example.org", "--out", str(letters))
    link = re.search(r"^(https://study\.example\.org/join/[a-z2-7]{26})$", said, re.M).group(1)
    letter = letters / "p1.html"
    assert letter.stat().st_mode & 0o077 == 0, "only its owner may read a letter that carries a link"
    assert 'lang="de-DE"' in letter.read_text() and "QR-Code" in letter.read_text()
    driver = make_driver(PHONE, webgl=False)
    try:
        driver.get(letter.as_uri())
        driver.save_screenshot(str(folder / "letter.png"))
    finally:
        driver.quit()
    read = subprocess.run(["zbarimg", "-q", "--raw", str(folder / "letter.png")], capture_output=True, text=True)
    assert read.stdout.strip() == link, read.stderr


@pytest.mark.skipif(shutil.which("caddy") is None, reason="Caddy is installed by make browser-deps")
def test_the_same_journey_behind_caddy(folder):
    """Caddy terminates TLS for the study's own name (`study.localhost`, which Chromium takes as this machine) and
    forwards to `carefeed host` on loopback: the Host it passes on must be the URL's."""
    inner, outer = free_port(), free_port()
    caddyfile = folder / "Caddyfile"
    caddyfile.write_text(f"""{{
    admin off
    skip_install_trust
    auto_https disable_redirects
    storage file_system {folder / 'caddy'}
}}
https://study.localhost:{outer} {{
    tls internal
    reverse_proxy 127.0.0.1:{inner}
}}
""")
    caddy = subprocess.Popen(["caddy", "run", "--config", str(caddyfile), "--adapter", "caddyfile"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env={"HOME": str(folder)})
    url = f"https://study.localhost:{outer}"
    host = Host(folder, tls=False, url=url, port=inner)
    driver = phone()
    try:
        for _ in range(100):
            status = subprocess.run(["curl", "-sk", "-o", "/dev/null", "-w", "%{http_code}", "--resolve",
                                     f"study.localhost:{outer}:127.0.0.1", url + "/"], capture_output=True, text=True).stdout
            if status == "401":
                break
            time.sleep(0.1)
        join_and_onboard(driver, host.invite("p1"), "Ada Lovelace")
        assert driver.current_url.startswith(url + "/feed/")
        cookie = driver.get_cookie("__Host-carefeed_device")
        assert cookie["secure"] and cookie["httpOnly"], "Secure behind an https proxy"
        answer_check_in(driver, 8, "through the proxy")
        assert flagged_on_site(host, "p1", within=2.0)
    finally:
        driver.quit()
        host.stop()
        caddy.terminate()
        caddy.wait(timeout=10)

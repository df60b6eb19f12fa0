"""The participant in their own language: Recover in German, and studies
written only in Japanese and in Arabic. Journeys with a drawn signature and
a decimal typed the way the language writes it; every page kind valid for
the Nu HTML Checker and axe in German, Japanese and Arabic; Arabic laid out
right to left on a phone without sideways scrolling."""
import re
import shutil
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import PHONE, DESKTOP, TODAY, Server, carefeed, console_errors, make_driver, screenshot, wait_for_next_page
from test_pages import audit, nu_errors
from test_participant_journey import draw_signature


def submit(driver):
    """Presses the page's main button (whatever its words) and waits for the next page."""
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, "form button[type=submit]:last-of-type").click()
    wait_for_next_page(driver, page)


@pytest.fixture
def folder():
    path = Path(tempfile.mkdtemp(prefix="carefeed-languages-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def study_in(language, folder):
    """`carefeed init` in `language`, and the flags that serve it."""
    carefeed("init", str(folder / "study"), "--language", language)
    return ("--content", str(folder / "study/content"), "--public", str(folder / "study/public"))


def onboard(driver, server, signature="Ada Lovelace"):
    """Joins with the browser's language: every step's main button, a drawn signature on the consent."""
    driver.get(server.url + "/")
    assert driver.current_url.endswith("/onboarding/1")
    for _ in range(12):
        if "/onboarding/" not in driver.current_url:
            break
        if driver.find_elements(By.ID, "field-printedName"):
            driver.find_element(By.ID, "field-printedName").send_keys(signature)
            draw_signature(driver)
        submit(driver)
    assert driver.current_url.endswith(f"/feed/{TODAY}"), driver.current_url


def test_recover_in_german_on_a_phone(folder):
    server = Server(folder, participant="deutsch")
    phone = make_driver(PHONE, language="de-DE")
    try:
        phone.get(server.url + "/onboarding/1")
        assert phone.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de-DE"
        assert "Schritt 1 von 5" in phone.page_source
        chosen = phone.find_element(By.CSS_SELECTOR, "input[name=language]:checked")
        assert chosen.get_attribute("value") == "de-DE", "the browser's language is chosen for them"
        screenshot(phone, "german-onboarding-phone")
        onboard(phone, server)
        assert "Heute" in phone.find_element(By.TAG_NAME, "h1").text
        # The check-in with a decimal written the German way.
        phone.get(server.url + "/tasks/checkIn/0")
        phone.find_element(By.CSS_SELECTOR, "label[for=field-pain-4]").click()
        phone.find_element(By.ID, "field-sleep").send_keys("6,5")
        submit(phone)
        assert phone.current_url.endswith("/tasks/checkIn/0/done"), phone.current_url
        phone.get(server.url + f"/feed/{TODAY}")
        assert "6,5 Stunden" in phone.page_source
        screenshot(phone, "german-feed-phone")
        phone.get(server.url + "/insights")
        assert len(phone.find_elements(By.CSS_SELECTOR, "svg.chart")) >= 2
        assert "Verlauf" in phone.find_element(By.TAG_NAME, "h1").text
        screenshot(phone, "german-insights-phone")
        phone.get(server.url + "/consent")
        assert phone.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de-DE"
        assert "Deutsch" in phone.page_source
        # Switching language keeps every answer.
        phone.get(server.url + "/language")
        phone.find_element(By.CSS_SELECTOR, "input[name=language][value=en-US]").click()
        submit(phone)
        assert phone.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en-US"
        assert "Sleep: 6.5 hours" in phone.page_source
        assert console_errors(phone) == []
    finally:
        phone.quit()
        server.stop()


def test_a_study_written_in_japanese_on_a_phone(folder):
    server = Server(folder, participant="nihon", extra=study_in("ja", folder))
    phone = make_driver(PHONE, language="ja-JP")
    try:
        onboard(phone, server, signature="山田 花子")
        assert phone.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ja"
        assert "今日" in phone.find_element(By.TAG_NAME, "h1").text
        phone.get(server.url + "/tasks/dailyCheckIn/0")
        phone.find_element(By.CSS_SELECTOR, "label[for=field-wellbeing-7]").click()
        phone.find_element(By.ID, "field-sleep").send_keys("6.5")
        submit(phone)
        phone.get(server.url + f"/feed/{TODAY}")
        assert "6.5時間" in phone.page_source
        screenshot(phone, "japanese-feed-phone")
        phone.get(server.url + "/insights")
        assert phone.find_elements(By.CSS_SELECTOR, "svg.chart")
        assert console_errors(phone) == []
    finally:
        phone.quit()
        server.stop()


PAGES = [f"/feed/{TODAY}", "/insights", "/education", "/education/about-the-study", "/consent", "/care-team",
         "/language", "/tasks/dailyCheckIn/0", "/nothing", "/withdraw"]


@pytest.mark.parametrize("language", ["ja", "ar"])
def test_every_page_kind_of_a_study_in_its_own_language_is_valid_and_accessible(language, folder):
    server = Server(folder, participant=f"pages{language}", extra=study_in(language, folder))
    phone = make_driver(PHONE, webgl=False, language=language)
    try:
        found, wider, files = {}, {}, []
        for step in range(1, 4):
            path = f"/onboarding/{step}"
            found[path] = audit(phone, server.url + path)
        onboard(phone, server, signature="Ada")
        for path in PAGES:
            found[path] = audit(phone, server.url + path)
            if phone.find_element(By.TAG_NAME, "html").get_attribute("dir") != ("rtl" if language == "ar" else "ltr"):
                found[path] = found[path] + ["wrong direction"]
            width = phone.execute_script("return document.documentElement.scrollWidth")
            if width > PHONE["width"]:
                wider[path] = width
            screenshot(phone, f"{language}{path.replace('/', '-')}-phone")
            file = folder / f"{language}{path.replace('/', '-')}.html"
            file.write_text(_raw(server.url + path, phone))
            files.append(file)
        assert {path: problems for path, problems in found.items() if problems} == {}
        assert wider == {}, "no page scrolls sideways on a phone"
        assert nu_errors(files) == []
    finally:
        phone.quit()
        server.stop()


def _raw(url, driver):
    """The page's bytes as the server sent them, with the browser's session."""
    cookies = "; ".join(f"{cookie['name']}={cookie['value']}" for cookie in driver.get_cookies())
    request = urllib.request.Request(url, headers={"Cookie": cookies, "Accept-Language": "ja,ar"})
    try:
        return urllib.request.urlopen(request).read().decode()
    except urllib.error.HTTPError as error:
        return error.read().decode()


def test_the_german_site_is_valid_and_accessible(folder):
    carefeed("demo", "--store", str(folder / "care.sqlite"), "--participants", "3", "--days", "20", "--today", TODAY)
    carefeed("build", "--store", str(folder / "care.sqlite"), "--out", str(folder / "Site"), "--today", TODAY,
             "--language", "de-DE")
    site = folder / "Site"
    pages = ["index.html", "participants/r001/index.html", f"participants/r001/feed/{TODAY}.html",
             "participants/r001/insights.html", "participants/r001/consent.html", "participants/r001/audit.html",
             "education/index.html", "education/meniscus.html", "consent/recover.html"]
    assert (site / "index.html").read_text().startswith("<!DOCTYPE html>\n<html lang=\"de-DE\"")
    assert nu_errors([site / page for page in pages]) == []
    # A value's unit in the page's words, though the store keeps the study's own ("hours").
    insights = (site / "participants/r001/insights.html").read_text()
    assert "Stunden" in insights and not re.search(r"\d (hours|degrees)\b", insights)
    desktop = make_driver(DESKTOP, webgl=False)
    try:
        found = {page: audit(desktop, (site / page).as_uri()) for page in pages}
        assert {page: problems for page, problems in found.items() if problems} == {}
    finally:
        desktop.quit()

"""A study of one's own: the one `carefeed init` writes, and one written by
someone else, each with a public folder holding only its own files, served
to a participant on a phone and built as a site whose every link resolves."""
import re
import shutil
import subprocess
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from selenium.webdriver.common.by import By

from conftest import CAREFEED, ROOT, TODAY, Server, console_errors, screenshot, wait_for_next_page
from test_participant_journey import click, draw_signature

SLEEP_CLINIC = ROOT / "Tests/ContentTests/Studies/sleep-clinic/content"


@pytest.fixture
def folder():
    path = Path(tempfile.mkdtemp(prefix="carefeed-own-study-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def init_study(folder):
    subprocess.run([CAREFEED, "init", str(folder / "study")], check=True, capture_output=True)
    return folder / "study/content", folder / "study/public"


def sleep_clinic(folder):
    """Someone else's study, with a public folder of its own image and model only."""
    public = folder / "public"
    for path in ["images/knee-front.svg", "models/knee.glb"]:
        (public / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "Public" / path, public / path)
    return SLEEP_CLINIC, public


def onboard(driver, server=None, name="Grace Hopper", share=False, day=None):
    """Every onboarding step in turn, in whatever language, signing with a drawn signature, until the feed:
    from the server's root, or from the page the driver is on with `server` None. With `share`, each
    permission is granted; with `day` (YYYY-MM-DD), each date asked is that day, and left empty without."""
    if server is not None:
        driver.get(server.url + "/")
    for _ in range(20):
        if "/feed/" in driver.current_url:
            return
        if driver.find_elements(By.CSS_SELECTOR, ".signature-canvas"):
            driver.find_element(By.ID, "field-printedName").send_keys(name)
            draw_signature(driver)
        if share:
            for box in driver.find_elements(By.CSS_SELECTOR, "input[name=grant]"):
                box.click()
        for field in driver.find_elements(By.CSS_SELECTOR, "main form input[type=date]") if day else []:
            driver.execute_script("arguments[0].value = arguments[1]", field, day)
        page = driver.find_element(By.TAG_NAME, "html")
        # The step's own form: a hosted page's footer has a "Sign out" form too.
        driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
        wait_for_next_page(driver, page)
    raise AssertionError(f"onboarding did not reach the feed: {driver.current_url}")


def answer_first_task(driver, server):
    """Opens the first task of today's feed and answers every question with a valid value."""
    begin = driver.find_elements(By.CSS_SELECTOR, ".cards a.button[href^='/tasks/']")
    assert begin, "today's feed offers a task"
    title = begin[0].find_element(By.XPATH, "./ancestor::article//h2").text
    page = driver.find_element(By.TAG_NAME, "html")
    begin[0].click()
    wait_for_next_page(driver, page)
    for fieldset in driver.find_elements(By.CSS_SELECTOR, "form.survey fieldset"):
        options = fieldset.find_elements(By.CSS_SELECTOR, "input[type=radio], input[type=checkbox]")
        if options:
            label = fieldset.find_element(By.CSS_SELECTOR, f"label[for='{options[-1].get_attribute('id')}']") \
                if options[-1].get_attribute("id") else options[-1].find_element(By.XPATH, "./ancestor::label")
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", label)
            label.click()
    for number in driver.find_elements(By.CSS_SELECTOR, "form.survey input[type=text]"):
        hint = driver.find_elements(By.ID, f"{number.get_attribute('id')}-hint")
        low = re.search(r"From (\d+)", hint[0].text).group(1) if hint else "1"
        number.send_keys(str(int(low) + 1))
    for text in driver.find_elements(By.CSS_SELECTOR, "form.survey textarea"):
        text.send_keys("Fine, thank you.")
    click(driver, "Save answers")
    if driver.current_url.endswith("/done"):
        # The task's completion step, then back to the day.
        assert driver.find_element(By.TAG_NAME, "h1").text
        click(driver, "Back to today")
    assert f"/feed/{TODAY}" in driver.current_url, driver.page_source[:2000]
    return title


def is_styled(driver):
    """CareFeed's stylesheet is applied: the page background is its colour, not the browser's white."""
    return driver.execute_script("return getComputedStyle(document.body).backgroundColor") == "rgb(245, 244, 240)"


@pytest.mark.parametrize("study", ["init", "sleep-clinic"])
def test_a_study_of_ones_own_serves_onboarding_and_its_tasks(phone, folder, study):
    content, public = init_study(folder) if study == "init" else sleep_clinic(folder)
    server = Server(folder, participant="own", extra=("--content", str(content), "--public", str(public)))
    try:
        onboard(phone, server)
        assert is_styled(phone), "the built-in stylesheet is served"
        screenshot(phone, f"own-study-{study}-feed-phone")
        title = answer_first_task(phone, server)
        card = phone.find_element(By.XPATH, f"//article[.//h2[normalize-space()='{title}']]")
        assert "Done" in card.text, card.text
        assert phone.find_elements(By.CSS_SELECTOR, ".icon[src='/assets/icons/checkmark.circle.fill.svg']")
        assert console_errors(phone) == []
    finally:
        server.stop()


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []

    def handle_starttag(self, tag, attributes):
        for name, value in attributes:
            if name in ("href", "src") and value:
                self.links.append(value)


@pytest.mark.parametrize("study", ["init", "sleep-clinic"])
def test_a_study_of_ones_own_builds_a_styled_site_whose_every_link_resolves(folder, study):
    content, public = init_study(folder) if study == "init" else sleep_clinic(folder)
    store, site = folder / "care.sqlite", folder / "Site"
    subprocess.run([CAREFEED, "demo", "--content", str(content), "--store", str(store), "--participants", "3",
                    "--days", "10", "--today", TODAY], check=True, capture_output=True)
    subprocess.run([CAREFEED, "build", "--content", str(content), "--public", str(public), "--store", str(store),
                    "--out", str(site), "--today", TODAY], check=True, capture_output=True)
    assert (site / "assets/css/carefeed.css").is_file()
    pages = list(site.rglob("*.html"))
    assert len(pages) > 20
    broken = []
    for page in pages:
        parser = Links()
        parser.feed(page.read_text())
        assert any("assets/css/carefeed.css" in link for link in parser.links), page
        for link in parser.links:
            parts = urlsplit(link)
            if link.startswith("#") or parts.scheme in ("mailto", "tel"):
                continue
            assert not parts.scheme and not parts.netloc, f"{page}: {link} leaves the site"
            if not (page.parent / unquote(parts.path)).resolve().is_file():
                broken.append(f"{page.relative_to(site)}: {link}")
    assert broken == []
    # The overview follows this study's own charts and scores, with its participants' counts.
    overview = (site / "overview.html").read_text()
    assert "<td>3</td>" in overview, "three participants enrolled"
    followed = {"init": "Wellbeing (0-10)", "sleep-clinic": "Total sleep (hours)"}[study]
    if followed:
        assert f"<h2>{followed}</h2>" in overview
        assert f"<caption>{followed}, by study week</caption>" in overview

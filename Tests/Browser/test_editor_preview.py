"""The editor's day: the preview participant `serve` makes when none is named
sees a reworded question at once, labelled as a preview, while a real
participant's today keeps the version it had; the reference is at /docs and
every error links to its part of it."""
import shutil
import tempfile
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import Server, console_errors, screenshot
from test_own_study import init_study, onboard

OLD = "How are you feeling overall?"
NEW = "Overall, how do you feel this morning?"


@pytest.fixture
def folder():
    path = Path(tempfile.mkdtemp(prefix="carefeed-editor-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def text_of(driver):
    return driver.find_element(By.TAG_NAME, "main").text


def test_the_preview_shows_an_edit_at_once_and_a_participant_keeps_todays_version(folder, phone, desktop):
    content, public = init_study(folder)
    extra = ("--content", str(content), "--public", str(public))
    preview = Server(folder, participant=None, extra=extra)
    real = Server(folder, participant="p1", extra=extra)
    try:
        onboard(phone, preview)
        survey = preview.url + "/tasks/dailyCheckIn/0"
        phone.get(survey)
        assert OLD in text_of(phone)
        note = phone.find_element(By.CSS_SELECTOR, ".preview-note")
        assert note.is_displayed() and "preview" in note.text, "every page of the preview says it is one"

        task = content / "tasks/dailyCheckIn.md"
        task.write_text(task.read_text().replace(OLD, NEW))
        deadline = time.monotonic() + 20
        while NEW not in text_of(phone):
            assert time.monotonic() < deadline, f"the preview never showed the edit: {text_of(phone)[:400]}"
            time.sleep(0.3)
            phone.get(survey)
        assert OLD not in text_of(phone)
        assert phone.find_element(By.CSS_SELECTOR, "label[for=field-wellbeing], legend").is_displayed()
        screenshot(phone, "editor-preview-survey")
        assert console_errors(phone) == []

        # A participant named to serve joins after the edit: today keeps the question it had.
        onboard(desktop, real)
        desktop.get(real.url + "/tasks/dailyCheckIn/0")
        assert OLD in text_of(desktop)
        assert NEW not in text_of(desktop)
        assert desktop.find_elements(By.CSS_SELECTOR, ".preview-note") == []
    finally:
        preview.stop()
        real.stop()


def test_the_reference_is_served_and_an_error_links_to_its_part(folder, phone):
    content, public = init_study(folder)
    server = Server(folder, participant=None, extra=("--content", str(content), "--public", str(public)))
    try:
        phone.get(server.url + "/docs")
        assert phone.find_element(By.TAG_NAME, "h1").text == "Writing a study: the content reference"
        assert phone.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en-US"
        width = phone.execute_script("return document.documentElement.scrollWidth")
        assert width <= 390, f"the reference scrolls sideways at 390 px ({width} px)"
        assert phone.find_element(By.ID, "schedules").is_displayed()
        screenshot(phone, "reference")

        task = content / "tasks/dailyCheckIn.md"
        task.write_text(task.read_text().replace('at: "09:00"', "at: 9am"))
        deadline = time.monotonic() + 20
        phone.get(server.url + "/feed/2026-11-30")
        while not phone.find_elements(By.CSS_SELECTOR, ".content-errors"):
            assert time.monotonic() < deadline, "the error never showed"
            time.sleep(0.3)
            phone.refresh()
        errors = phone.find_element(By.CSS_SELECTOR, ".content-errors")
        assert 'at "9am" is not a wall-clock time "HH:MM"; write it as "09:00"' in errors.text
        link = errors.find_element(By.CSS_SELECTOR, "li a")
        assert link.get_attribute("href").endswith("/docs#schedules")
        link.click()
        assert phone.current_url.endswith("/docs#schedules")
        assert phone.find_element(By.ID, "schedules").is_displayed()
    finally:
        server.stop()

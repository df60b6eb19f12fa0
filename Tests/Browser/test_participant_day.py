"""The participant's day on a phone at 390×844: each survey opens on its
first question, saving shows the task's completion step, deleting asks
first, the feed lists timed tasks first and thanks a participant whose study
is over, and /calendar.ics is the schedule `carefeed schedule` gives, with an
alarm on every event."""
import datetime
import json
import re
import tempfile
import urllib.request
from pathlib import Path

from icalendar import Calendar
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, SURGERY, TODAY, Server, carefeed, console_errors, screenshot, wait_for_next_page
from test_pages import Client, audit, nu_errors
from test_participant_journey import click

# Check-ins run six weeks from joining on TODAY: January 10 is the last; the
# knee function questionnaire of week 6 is open until January 17.
AFTER_THE_STUDY = "2027-01-25"


def join(server):
    """Onboards the server's participant over HTTP, sharing their answers."""
    client = Client(server.url)
    for step in (1, 2):
        client.get(f"/onboarding/{step}")
        assert client.post(f"/onboarding/{step}", [])[0] == 303
    client.get("/onboarding/3")
    client.post("/onboarding/3", [("printedName", "Ada Lovelace"), ("typedSignature", "yes")])
    _, review = client.get("/onboarding/3/review")
    sha = re.search(r'name="sha256" value="([0-9a-f]{64})"', review).group(1)
    assert client.post("/onboarding/3/review", [("sha256", sha)])[0] == 303
    assert client.post("/onboarding/4", [("grant", "shareHealthData")])[0] == 303
    client.get("/onboarding/5")
    assert client.post("/onboarding/5", [])[0] == 303
    return client


def on_screen(driver, element):
    """Whether `element` lies wholly inside the first screen, without scrolling."""
    top, bottom, height, scrolled = driver.execute_script(
        "const box = arguments[0].getBoundingClientRect();"
        "return [box.top, box.bottom, window.innerHeight, window.scrollY];", element)
    return scrolled == 0 and top >= 0 and bottom <= height


def open_page(driver, url):
    driver.get(url)
    WebDriverWait(driver, 10).until(lambda current: current.execute_script("return document.readyState") == "complete")


def test_each_survey_opens_on_its_first_question(phone, server):
    join(server)
    # The tasks with a survey; the others are answered with a tap on their card.
    tasks = [path.stem for path in sorted((ROOT / "content/tasks").glob("*.md"))
             if path.stem != "onboarding" and "." not in path.stem and "\nsurvey:" in path.read_text()]
    assert tasks == ["checkIn", "kneeFunction", "rangeOfMotion"]
    for task in tasks:
        open_page(phone, f"{server.url}/tasks/{task}/0")
        screenshot(phone, f"survey-{task}-phone")
        field = phone.find_element(By.CSS_SELECTOR, "form.survey .field")
        question = field.find_element(By.CSS_SELECTOR, "legend, label.field-label")
        control = field.find_elements(By.CSS_SELECTOR, "input:not([type=radio]), textarea, .scale-options label, label.choice")[0]
        assert on_screen(phone, question), f"{task}: the question '{question.text}' is below the first screen"
        assert on_screen(phone, control), f"{task}: the answer to '{question.text}' is below the first screen"
        # The instructions are there, folded under one line, said once.
        guide = phone.find_element(By.CSS_SELECTOR, "details.guide")
        assert guide.get_attribute("open") is None
        assert len(phone.find_elements(By.CSS_SELECTOR, "details.guide")) == 1
    assert console_errors(phone) == []


def test_saving_says_it_is_working_then_shows_the_completion_step(phone, server):
    join(server)
    open_page(phone, f"{server.url}/tasks/checkIn/0")
    phone.find_element(By.CSS_SELECTOR, "label[for=field-pain-3]").click()
    phone.find_element(By.ID, "field-sleep").send_keys("7.5")
    # Hold the first submission back to see the button while it saves.
    phone.execute_script("document.querySelector('form.survey')"
                         ".addEventListener('submit', event => event.preventDefault(), {once: true});")
    save = phone.find_element(By.CSS_SELECTOR, "form.survey button[type=submit]")
    save.click()
    WebDriverWait(phone, 5).until(lambda _: not save.is_enabled() and save.text == "Saving…")
    page = phone.find_element(By.TAG_NAME, "html")
    phone.execute_script("document.querySelector('form.survey').submit();")
    wait_for_next_page(phone, page)
    assert phone.current_url.endswith("/tasks/checkIn/0/done")
    screenshot(phone, "survey-done-phone")
    assert phone.find_element(By.TAG_NAME, "h1").text == "Thank you"
    assert "call your surgeon's office" in phone.find_element(By.CSS_SELECTOR, ".completion-text").text
    assert [item.text for item in phone.find_elements(By.CSS_SELECTOR, ".answer-list li")] == ["Pain: 3", "Sleep: 7.5 hours"]
    assert on_screen(phone, phone.find_element(By.LINK_TEXT, "Back to today"))
    click(phone, "Back to today")
    assert phone.current_url.endswith(f"/feed/{TODAY}")
    assert console_errors(phone) == []


def test_deleting_asks_first(phone, server):
    client = join(server)
    client.get("/tasks/checkIn/0")
    assert client.post("/tasks/checkIn/0", [("pain", "4"), ("sleep", "6")])[0] == 303
    open_page(phone, f"{server.url}/feed/{TODAY}")
    delete = phone.find_element(By.CSS_SELECTOR, "a[href='/tasks/checkIn/0/delete']")
    assert "Delete and answer again" in delete.text
    page = phone.find_element(By.TAG_NAME, "html")
    delete.click()
    wait_for_next_page(phone, page)
    screenshot(phone, "delete-confirm-phone")
    assert phone.find_element(By.TAG_NAME, "h1").text == "Delete these answers?"
    assert "Pain: 4 · Sleep: 6 hours" in phone.page_source
    click(phone, "Cancel, keep them")
    assert "Pain: 4 · Sleep: 6 hours" in phone.page_source, "asking deleted nothing"
    open_page(phone, f"{server.url}/tasks/checkIn/0/delete")
    click(phone, "Delete answers")
    assert phone.current_url.endswith(f"/feed/{TODAY}")
    assert "Pain: 4" not in phone.page_source
    assert phone.find_elements(By.CSS_SELECTOR, "a[href='/tasks/checkIn/0']"), "it can be answered again"


def contrast(first, second):
    def luminance(colour):
        channels = [int(value) / 255 for value in re.findall(r"\d+", colour)[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    lighter, darker = sorted([luminance(first), luminance(second)], reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def ring_outlines(driver):
    """Each ring state's outline colour, against the page and the current day's white."""
    return driver.execute_script("""
        const found = {};
        for (const circle of document.querySelectorAll('.ring-track')) {
          const state = [...circle.classList].find(name => name.startsWith('ring-') && name !== 'ring-track');
          found[state] = getComputedStyle(circle).stroke;
        }
        found.page = getComputedStyle(document.body).backgroundColor;
        return found;""")


def test_the_feed_lists_timed_tasks_first_in_words_that_set_no_deadline(phone, server):
    join(server)
    open_page(phone, f"{server.url}/feed/{TODAY}")
    screenshot(phone, "feed-day-phone")
    titles = [heading.text for heading in phone.find_elements(By.CSS_SELECTOR, ".cards .card h2")]
    assert titles == ["Check in", "Ice your knee", "Do your knee exercises", "Knee function", "Pain medicine, as needed",
                      "Range of motion"]
    whens = [when.text for when in phone.find_elements(By.CSS_SELECTOR, ".cards .card-when")]
    assert whens == ["Morning · from 8:00\u202fAM · Every morning", "Three times a day, for 20 minutes",
                     "Any time today · Once a day, when it suits you", "Before surgery · Open until Sun, Dec 6",
                     "As needed, as your surgeon prescribed", "Any time today · Daily in the first week"]
    assert "9:00\u202fAM" not in phone.page_source
    outlines = ring_outlines(phone)
    assert {"ring-today", "ring-upcoming"} <= outlines.keys()
    for state in ("ring-today", "ring-upcoming"):
        assert contrast(outlines[state], outlines["page"]) >= 3, (state, outlines)
        assert contrast(outlines[state], "rgb(255, 255, 255)") >= 3, (state, outlines)
    assert phone.find_elements(By.CSS_SELECTOR, "circle.ring-upcoming[stroke-dasharray]"), "a day to come is dashed"
    assert phone.find_element(By.PARTIAL_LINK_TEXT, "Add reminders to my calendar").get_attribute("href").endswith("/calendar.ics")
    note = phone.find_element(By.LINK_TEXT, "When to call your surgeon")
    page = phone.find_element(By.TAG_NAME, "html")
    note.click()
    wait_for_next_page(phone, page)
    assert phone.find_element(By.TAG_NAME, "h1").text == "When to call your surgeon"


def test_a_finished_study_is_met_with_thanks(phone, server_folder):
    first = Server(server_folder)
    try:
        join(first)
    finally:
        first.stop()
    later = Server(server_folder, today=AFTER_THE_STUDY)
    try:
        open_page(phone, f"{later.url}/feed/{AFTER_THE_STUDY}")
        screenshot(phone, "feed-finished-phone")
        assert phone.find_element(By.CSS_SELECTOR, ".finished h2").text == "You have finished the study — thank you"
        assert "Nothing is scheduled" not in phone.page_source
        assert not re.search(r"Day \d+ of the study", phone.page_source)
        outlines = ring_outlines(phone)
        assert "ring-missed" in outlines, "the knee function questionnaire open until January 17 was not answered"
        assert contrast(outlines["ring-missed"], outlines["page"]) >= 3
        assert audit(phone, f"{later.url}/feed/{AFTER_THE_STUDY}") == []
        folder = Path(tempfile.mkdtemp(prefix="carefeed-nu-"))
        (folder / "feed-finished.html").write_text(urllib.request.urlopen(f"{later.url}/feed/{AFTER_THE_STUDY}").read().decode())
        assert nu_errors([folder / "feed-finished.html"]) == []
    finally:
        later.stop()


def test_the_calendar_is_the_schedule_with_an_alarm_on_each_event(server):
    with urllib.request.urlopen(f"{server.url}/calendar.ics") as response:
        assert response.headers["Content-Type"] == "text/calendar; charset=utf-8"
        assert response.headers["Content-Disposition"].startswith("attachment;")
        data = response.read()
    assert all(len(line) <= 75 for line in data.split(b"\r\n"))
    calendar = Calendar.from_ical(data)
    assert str(calendar["VERSION"]) == "2.0"
    assert "CareFeed" in str(calendar["PRODID"])
    zones = [str(zone["TZID"]) for zone in calendar.walk("VTIMEZONE")]
    assert zones == ["America/New_York"]

    last = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=55)).isoformat()
    scheduled = json.loads(carefeed("schedule", "--from", TODAY, "--to", last, "--enrolled", TODAY, *SURGERY,
                                    "--timezone", "America/New_York", "--format", "json").stdout)
    # Pain medicine is a log, offered rather than scheduled: nothing to be reminded of.
    expected = {(event["task"], event["occurrence"]): event for event in scheduled
                if event["task"] not in ("onboarding", "painMedicine")}
    found = {}
    for event in calendar.walk("VEVENT"):
        task, occurrence = re.fullmatch(r"journey-(\w+)-(\d+)@carefeed", str(event["UID"])).groups()
        found[(task, int(occurrence))] = event
        alarms = event.walk("VALARM")
        assert len(alarms) == 1 and str(alarms[0]["ACTION"]) == "DISPLAY" and "TRIGGER" in alarms[0], event["UID"]
        assert str(alarms[0]["DESCRIPTION"])
    assert found.keys() == expected.keys()
    # Icing three times a day for two weeks; exercises and check-ins daily for six; the knee bend
    # daily for a week, then weekly to week 4; no reminders for doses.
    per_task = {task: sum(1 for found_task, _ in found if found_task == task) for task, _ in found}
    assert per_task == {"checkIn": 42, "exercises": 42, "iceKnee": 42, "rangeOfMotion": 7 + 3, "kneeFunction": 3}
    for key, event in found.items():
        wanted = expected[key]
        start, end = event.decoded("DTSTART"), event.decoded("DTEND")
        if wanted["allDay"]:
            assert not isinstance(start, datetime.datetime), key
            assert start.isoformat() == wanted["date"]
            # An event with a window spans it.
            assert end.isoformat() == (datetime.date.fromisoformat(wanted["lastDay"]) + datetime.timedelta(days=1)).isoformat()
        else:
            assert start == datetime.datetime.fromisoformat(wanted["start"]), key
            assert end == datetime.datetime.fromisoformat(wanted["end"]), key
            assert str(event["DTSTART"].params["TZID"]) == "America/New_York"
        assert str(event["SUMMARY"]) == {"checkIn": "Check in", "rangeOfMotion": "Range of motion", "exercises":
                                         "Do your knee exercises", "iceKnee": "Ice your knee",
                                         "kneeFunction": "Knee function"}[key[0]]

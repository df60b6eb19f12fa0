"""CareKit's task cards on a phone, on the shipped study: the pain medicine
log takes two entries and lists both with their times, the icing
checklist's second box marks only its own time, the exercises card
completes with one tap and undoes with a second, each by touch and by
keyboard; the care team page calls with `tel:`. The clinician site shows
the same on the participant's day feed, and their doses a day."""
import re
from pathlib import Path

import pytest
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait
from selenium.webdriver import ActionChains

import harness
from conftest import DESKTOP, PHONE, TODAY, Server, carefeed, console_errors, make_driver, screenshot, wait_for_next_page
from test_pages import audit
from test_participant_journey import click

MEDICINE = "#card-painMedicine-0"
ICE = "article[aria-labelledby^='card-iceKnee-']"
EXERCISES = "article[aria-labelledby^='card-exercises-']"


def card(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector if selector.startswith("article") else
                               f"article[aria-labelledby='{selector[1:]}']")


def tap(driver, element):
    """A finger's tap on the element, then the page the form's answer loads."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    page = driver.find_element(By.TAG_NAME, "html")
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    actions = ActionBuilder(driver, mouse=finger)
    actions.pointer_action.move_to(element).pointer_down().pointer_up()
    actions.perform()
    wait_for_next_page(driver, page)


def press(driver, element, key):
    """Focuses the element as Tab would and presses Enter or Space on it."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", element)
    assert driver.switch_to.active_element == element
    page = driver.find_element(By.TAG_NAME, "html")
    element.send_keys(key)
    wait_for_next_page(driver, page)


def join(driver, server):
    """Onboarding with a typed signature, sharing the health answers, so the clinician sees the doses."""
    driver.get(server.url + "/onboarding/1")
    for _ in range(2):
        click(driver, "Continue")
    driver.find_element(By.ID, "field-printedName").send_keys("Ada Lovelace")
    driver.find_element(By.CSS_SELECTOR, "input[name=typedSignature]").click()
    click(driver, "Review")
    click(driver, "Sign")
    driver.find_element(By.CSS_SELECTOR, "input[name=grant][value=shareHealthData]").click()
    click(driver, "Continue")
    click(driver, "Go to my tasks")
    assert driver.current_url.endswith(f"/feed/{TODAY}")


def show(driver, selector):
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", card(driver, selector))


def entries(driver):
    return [item.text for item in card(driver, MEDICINE).find_elements(By.CSS_SELECTOR, ".log-entries li .log-time")]


def boxes(driver):
    return [button.get_attribute("aria-pressed") for button in card(driver, ICE).find_elements(By.CSS_SELECTOR, ".box-button")]


def test_each_card_kind_by_touch_and_by_keyboard_on_a_phone(phone, server, server_folder):
    join(phone, server)
    assert phone.find_element(By.CSS_SELECTOR, "nav a[href='/care-team']").is_displayed()

    # The log: a dose by a tap, a second by the keyboard; both listed, each with its time.
    log_button = card(phone, MEDICINE).find_element(By.XPATH, ".//button[normalize-space()='Log a dose']")
    assert log_button.size["height"] >= 44
    tap(phone, log_button)
    assert len(entries(phone)) == 1
    press(phone, card(phone, MEDICINE).find_element(By.XPATH, ".//button[normalize-space()='Log a dose']"), Keys.ENTER)
    logged = entries(phone)
    assert len(logged) == 2, logged
    assert all(re.fullmatch(r"Logged at \d{1,2}:\d\d[\u202f ][AP]M", entry) for entry in logged), logged
    assert "2 entries logged today" in card(phone, MEDICINE).text
    show(phone, MEDICINE)
    screenshot(phone, "task-cards-log-phone")

    # The checklist: the second box marks only its own time, by a tap; Space clears it again.
    assert boxes(phone) == ["false", "false", "false"]
    tap(phone, card(phone, ICE).find_elements(By.CSS_SELECTOR, ".box-button")[1])
    assert boxes(phone) == ["false", "true", "false"]
    assert "1 of 3 done" in card(phone, ICE).text
    assert phone.current_url.endswith(f"/feed/{TODAY}#card-iceKnee-0"), "back at the card tapped"
    assert phone.execute_script("const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight",
                                card(phone, ICE))
    show(phone, ICE)
    screenshot(phone, "task-cards-checklist-phone")
    press(phone, card(phone, ICE).find_elements(By.CSS_SELECTOR, ".box-button")[2], Keys.SPACE)
    assert boxes(phone) == ["false", "true", "true"]
    press(phone, card(phone, ICE).find_elements(By.CSS_SELECTOR, ".box-button")[2], Keys.SPACE)
    assert boxes(phone) == ["false", "true", "false"]

    # The simple task: a tap anywhere on its card completes it; a second undoes it; then Enter and Space.
    exercises = card(phone, EXERCISES)
    # The button says what it does, then, for a screen reader, which task.
    assert exercises.find_element(By.CSS_SELECTOR, ".tap-label").text.startswith("Mark as done")
    assert "Tap the card" not in exercises.text
    tap(phone, exercises.find_element(By.CSS_SELECTOR, ".card-when"))
    exercises = card(phone, EXERCISES)
    assert exercises.find_element(By.CSS_SELECTOR, ".tap-target").get_attribute("aria-pressed") == "true"
    assert re.match(r"Done at \d{1,2}:\d\d[\u202f ][AP]M", exercises.find_element(By.CSS_SELECTOR, ".tap-label").text)
    assert "Tap again to undo" in exercises.text
    show(phone, EXERCISES)
    screenshot(phone, "task-cards-simple-phone")
    tap(phone, exercises.find_element(By.CSS_SELECTOR, "h2"))
    assert card(phone, EXERCISES).find_element(By.CSS_SELECTOR, ".tap-target").get_attribute("aria-pressed") == "false"
    press(phone, card(phone, EXERCISES).find_element(By.CSS_SELECTOR, ".tap-target"), Keys.ENTER)
    assert card(phone, EXERCISES).find_element(By.CSS_SELECTOR, ".tap-target").get_attribute("aria-pressed") == "true"
    press(phone, card(phone, EXERCISES).find_element(By.CSS_SELECTOR, ".tap-target"), Keys.SPACE)
    assert card(phone, EXERCISES).find_element(By.CSS_SELECTOR, ".tap-target").get_attribute("aria-pressed") == "false"
    page = phone.find_element(By.TAG_NAME, "html")
    card(phone, EXERCISES).find_element(By.CSS_SELECTOR, ".tap-target").click()
    wait_for_next_page(phone, page)
    assert card(phone, EXERCISES).find_element(By.CSS_SELECTOR, ".tap-target").get_attribute("aria-pressed") == "true"

    # No page is wider than the phone.
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 390

    # The care team: the study's emergency number in its words, then each number a tel: link of its digits.
    phone.find_element(By.CSS_SELECTOR, "nav a[href='/care-team']").click()
    calls = [link.get_attribute("href") for link in phone.find_elements(By.CSS_SELECTOR, "a[href^='tel:']")]
    assert calls == ["tel:911", "tel:2125550142", "tel:2125550167", "tel:+12125550199"], calls
    assert "In an emergency, call 911." in phone.find_element(By.CSS_SELECTOR, "main .lead").text
    assert phone.find_element(By.CSS_SELECTOR, "a.button[href^='tel:']").size["height"] >= 44
    assert phone.find_elements(By.CSS_SELECTOR, "a[href='mailto:surgery@example.org']")
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 390
    screenshot(phone, "care-team-phone")
    assert console_errors(phone) == []

    # The clinician site, built from this store, shows the same day.
    store, site = Path(server_folder) / "care.sqlite", Path(server_folder) / "Site"
    server.stop()
    carefeed("build", "--store", str(store), "--out", str(site), "--today", TODAY)
    phone.get((site / f"participants/journey/feed/{TODAY}.html").as_uri())
    medicine = card(phone, MEDICINE)
    assert len(medicine.find_elements(By.CSS_SELECTOR, ".log-entries li")) == 2
    assert not phone.find_elements(By.CSS_SELECTOR, "form"), "read-only"
    assert [box.get_attribute("class") for box in card(phone, ICE).find_elements(By.CSS_SELECTOR, ".box")] \
        == ["box", "box is-done", "box"]
    assert "Done at" in card(phone, EXERCISES).text
    show(phone, ICE)
    screenshot(phone, "task-cards-site-phone")
    phone.get((site / "participants/journey/insights.html").as_uri())
    table = phone.find_element(By.XPATH, "//section[h2='Pain and pain medicine']//table")
    headers = [header.get_attribute("textContent") for header in table.find_elements(By.CSS_SELECTOR, "thead th")]
    assert "Doses of pain medicine" in headers
    column = headers.index("Doses of pain medicine")
    today = table.find_element(By.XPATH, ".//tbody/tr[th[contains(., 'Nov 30')]]")
    # Today is not over: its count is what was logged so far, not the day's.
    assert [cell.get_attribute("textContent") for cell in today.find_elements(By.CSS_SELECTOR, "th, td")][column] \
        == "2 so far"
    assert phone.find_elements(By.XPATH, "//section[h2='Pain and pain medicine']//*[name()='rect']/*[name()='title']"
                                         "[contains(., 'Doses of pain medicine 2')]")
    phone.get((site / "index.html").as_uri())
    phone.find_element(By.CSS_SELECTOR, "a[href='care-team.html']").click()
    assert [link.get_attribute("href") for link in phone.find_elements(By.CSS_SELECTOR, "a[href^='tel:']")][0] == "tel:2125550142"


def test_a_quick_second_tap_on_log_a_dose_logs_one_dose(phone, server):
    join(phone, server)
    button = card(phone, MEDICINE).find_element(By.XPATH, ".//button[normalize-space()='Log a dose']")
    form = button.find_element(By.XPATH, "./ancestor::form")
    sent = phone.execute_script("return [...new FormData(arguments[0])]", form)
    # Hold the first submission back, to tap again while it is on its way.
    phone.execute_script("window.submits = 0; arguments[0].addEventListener('submit', event => {"
                         " window.submits += 1; if (window.submits === 1) event.preventDefault(); });", form)
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    WebDriverWait(phone, 5).until(lambda _: not button.is_enabled() and button.text == "Logging…")
    ActionChains(phone).move_to_element(button).click().perform()
    assert phone.execute_script("return window.submits") == 1, "the busy button sends nothing more"
    page = phone.find_element(By.TAG_NAME, "html")
    phone.execute_script("arguments[0].submit()", form)
    wait_for_next_page(phone, page)
    assert len(entries(phone)) == 1
    # The same form arriving twice at the server, as from two quick taps: stored once.
    status = phone.execute_script(
        "return fetch(arguments[0], {method: 'POST', body: new URLSearchParams(arguments[1]), redirect: 'manual'})"
        ".then(response => response.type)", "/tasks/painMedicine/log", sent)
    assert status == "opaqueredirect"
    phone.refresh()
    assert len(entries(phone)) == 1, entries(phone)
    assert "1 entry logged today" in card(phone, MEDICINE).text
    assert console_errors(phone) == []


@pytest.mark.parametrize("metrics", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_task_cards_and_the_care_team_have_no_serious_accessibility_violations(metrics, server_folder):
    """axe-core on a feed with every card kind tapped, the same day locked two days later, and the care team."""
    participant = f"cards{metrics['width']}"
    server = Server(server_folder, participant=participant)
    session = harness.Session(server.port)
    for path, fields in [("/onboarding/1", []), ("/onboarding/2", []),
                         ("/onboarding/3", [("printedName", "Ada Lovelace"), ("typedSignature", "yes")])]:
        session.request("POST", path, fields)
    review = session.request("GET", "/onboarding/3/review")[1]
    sha = re.search(r'name="sha256" value="([0-9a-f]{64})"', review).group(1)
    for path, fields in [("/onboarding/3/review", [("sha256", sha)]), ("/onboarding/4", [("grant", "shareHealthData")]),
                         ("/onboarding/5", []), ("/tasks/painMedicine/log", [("entry", "0")]),
                         ("/tasks/iceKnee/1/check", [("done", "yes")]), ("/tasks/exercises/0/check", [("done", "yes")])]:
        assert session.request("POST", path, fields)[0] == 303, path
    found = {}
    driver = make_driver(metrics, webgl=False)
    width = "phone" if metrics is PHONE else "desktop"
    try:
        found["today"] = audit(driver, f"{server.url}/feed/{TODAY}")
        screenshot(driver, f"server-feed-cards-{width}")
        found["care team"] = audit(driver, server.url + "/care-team")
        server.stop()
        server = Server(server_folder, today="2026-12-02", participant=participant)
        found["two days later"] = audit(driver, f"{server.url}/feed/{TODAY}")
        screenshot(driver, f"server-feed-cards-locked-{width}")
        assert {page: problems for page, problems in found.items() if problems} == {}
    finally:
        driver.quit()
        server.stop()

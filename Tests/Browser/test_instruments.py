"""Recover's knee function questionnaire in Chromium: the follow-up appears
and goes as the participant answers, announced and with focus kept; without
script the server asks it on a page of its own; the score shows once saved;
the page is valid HTML with no serious accessibility violation, at 390 px
and on a desktop."""
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import DESKTOP, PHONE, console_errors, make_driver, screenshot, wait_for_next_page, without_scripts
from test_pages import audit, nu_errors
from test_participant_day import join, open_page

SURVEY = "/tasks/kneeFunction/0"
# Every scored question answered "1" except trust ("3", reversed to 1) and
# night pain, declined: 8 answers of 1 give 100 − 25 = 75.
ANSWERS = {"painOften": "1", "painStairs": "1", "painNight": "preferNotToAnswer", "stiffMorning": "1",
           "stiffLater": "1", "rising": "1", "walking": "1", "socks": "1", "trust": "3"}


def choose(driver, name, value):
    control = driver.find_element(By.CSS_SELECTOR, f'input[name="{name}"][value="{value}"]')
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", control)
    control.click()
    return control


def follow_up(driver):
    return driver.find_element(By.CSS_SELECTOR, ".field[data-item=lockingOften]")


def answer_the_rest(driver):
    for name, value in ANSWERS.items():
        choose(driver, name, value)


def submit(driver):
    page = driver.find_element(By.TAG_NAME, "html")
    button = driver.find_element(By.CSS_SELECTOR, "form.survey button[type=submit]")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    wait_for_next_page(driver, page)


def test_the_follow_up_appears_and_goes_as_the_participant_answers(phone, server):
    join(server)
    open_page(phone, server.url + SURVEY)
    assert not follow_up(phone).is_displayed()
    yes = choose(phone, "locking", "yes")
    WebDriverWait(phone, 5).until(lambda _: follow_up(phone).is_displayed())
    status = phone.find_element(By.CSS_SELECTOR, ".conditions-status")
    assert status.get_attribute("textContent") == "New questions below, based on your answer."
    assert phone.switch_to.active_element == yes, "focus stays on the answer just given"
    screenshot(phone, "survey-follow-up-phone")
    choose(phone, "locking", "no")
    WebDriverWait(phone, 5).until(lambda _: not follow_up(phone).is_displayed())
    assert status.get_attribute("textContent") == "A question below is no longer needed."
    choose(phone, "locking", "yes")
    choose(phone, "lockingOften", "weekly")
    answer_the_rest(phone)
    submit(phone)
    # The script told the server the follow-up was asked: saved at once.
    assert phone.current_url.endswith(SURVEY + "/done")
    assert phone.find_element(By.CSS_SELECTOR, "li.score").text == "Knee function: 75 of 100 (higher is better)"
    assert "How often does it catch or lock? Every week" in phone.page_source
    assert console_errors(phone) == []


def test_without_script_the_follow_up_is_asked_on_a_next_page(server):
    join(server)
    driver = make_driver(PHONE, webgl=False)
    try:
        without_scripts(driver)
        open_page(driver, server.url + SURVEY)
        assert not follow_up(driver).is_displayed()
        choose(driver, "locking", "yes")
        assert not follow_up(driver).is_displayed(), "without script nothing changes until the page is sent"
        answer_the_rest(driver)
        submit(driver)
        assert driver.current_url.endswith(SURVEY), "nothing is saved yet"
        assert driver.find_element(By.CSS_SELECTOR, "h2.more-questions").text == "Just a few more questions, based on your answers."
        questions = [legend.text for legend in driver.find_elements(By.CSS_SELECTOR, "form.survey legend")]
        assert questions == ["How often does it catch or lock? (required)"]
        screenshot(driver, "survey-next-page-phone")
        choose(driver, "lockingOften", "daily")
        submit(driver)
        assert driver.current_url.endswith(SURVEY + "/done")
        assert driver.find_element(By.CSS_SELECTOR, "li.score").text == "Knee function: 75 of 100 (higher is better)"
        assert "How often does it catch or lock? Every day" in driver.page_source
        assert "How much does it hurt in bed at night? Prefer not to answer" in driver.page_source
    finally:
        driver.quit()


def test_the_questionnaire_is_valid_and_accessible(server):
    client = join(server)
    folder = Path(tempfile.mkdtemp(prefix="carefeed-instruments-"))
    for metrics, width in [(PHONE, "phone"), (DESKTOP, "desktop")]:
        driver = make_driver(metrics, webgl=False)
        try:
            assert audit(driver, server.url + SURVEY) == []
            choose(driver, "locking", "yes")
            screenshot(driver, f"survey-knee-function-{width}")
            assert driver.execute_script("return document.documentElement.scrollWidth") <= metrics["width"]
        finally:
            driver.quit()
    (folder / "survey.html").write_text(client.get(SURVEY)[1])
    assert nu_errors([folder / "survey.html"]) == []

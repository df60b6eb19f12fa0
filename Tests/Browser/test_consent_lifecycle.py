"""The consent lifecycle as a participant lives it on a phone: nothing is
chosen for them, joining holds once the choices are made, a scribble is not
a signature, a new consent version comes first, and leaving is kind and final."""
import shutil
import time

from selenium.webdriver.common.by import By

from conftest import ROOT, SURGERY, TODAY, Server, console_errors, make_driver, PHONE, screenshot, wait_for_next_page
from test_participant_journey import click, draw_signature


def join_until_the_permissions(driver, server):
    driver.get(server.url + "/")
    click(driver, "Continue")
    click(driver, "Continue")
    driver.find_element(By.ID, "field-printedName").send_keys("Ada Lovelace")
    draw_signature(driver)
    click(driver, "Review")
    click(driver, "Sign")
    assert driver.current_url.endswith("/onboarding/4")


def test_nothing_is_chosen_for_the_participant_and_joining_holds_once_they_choose(phone, server):
    join_until_the_permissions(phone, server)
    boxes = phone.find_elements(By.CSS_SELECTOR, "input[name=grant]")
    assert len(boxes) == 1, "Recover asks only to share answers; reminders come as a calendar file"
    assert [box for box in boxes if box.is_selected()] == [], "nothing pre-ticked"
    assert phone.find_element(By.CSS_SELECTOR, ".calendar-offer a[href='/calendar.ics']").is_displayed()
    click(phone, "Continue")
    # The tab closes on the completion step: a new browser finds the participant joined.
    other = make_driver(PHONE)
    try:
        other.get(server.url + "/")
        assert other.current_url.endswith(f"/feed/{TODAY}")
        assert other.find_elements(By.CSS_SELECTOR, "a[href='/tasks/checkIn/0']")
    finally:
        other.quit()
    assert console_errors(phone) == []


def test_the_consent_record_names_the_participant_as_they_signed(phone, server):
    join_until_the_permissions(phone, server)
    click(phone, "Continue")
    phone.get(server.url + "/consent")
    assert phone.find_element(By.CSS_SELECTOR, "main .day-meta").text == "Signed as Ada Lovelace"
    assert "Preview participant" not in phone.page_source, "the store's name for the preview is not the participant's"
    download = phone.find_element(By.XPATH, "//a[normalize-space()='Download my data']")
    hint = phone.find_element(By.CSS_SELECTOR, ".record-actions + .field-hint")
    gap = hint.rect["y"] - (download.rect["y"] + download.rect["height"])
    assert gap >= 8, f"the button touches the text below it ({gap} px)"
    screenshot(phone, "consent-record-phone")


def test_a_single_dot_is_not_a_signature(phone, server):
    phone.get(server.url + "/")
    click(phone, "Continue")
    click(phone, "Continue")
    phone.find_element(By.ID, "field-printedName").send_keys("Ada Lovelace")
    canvas = phone.find_element(By.CSS_SELECTOR, ".signature-canvas")
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", canvas)
    phone.execute_script("document.querySelector('input[name=signature]').value = 'M150 50'")
    page = phone.find_element(By.TAG_NAME, "html")
    phone.find_element(By.XPATH, "//button[normalize-space()='Review']").submit()
    wait_for_next_page(phone, page)
    assert phone.current_url.endswith("/onboarding/3")
    assert "too small to be a signature" in phone.find_element(By.ID, "signature-error").text


def test_a_new_consent_version_comes_first_and_leaving_is_final(phone, server_folder):
    content = f"{server_folder}/content"
    shutil.copytree(ROOT / "content", content)
    server = Server(server_folder, extra=("--content", content), dates=SURGERY)
    try:
        join_until_the_permissions(phone, server)
        click(phone, "Continue")
        click(phone, "Go to my tasks")

        # The study team publishes version 2.2; the preview reloads the content.
        consent = f"{content}/consent/recover.md"
        text = open(consent).read().replace('version: "2.1"', 'version: "2.2"', 1)
        open(consent, "w").write(text + "\nWe now also ask how swollen your knee is.\n")
        # Its German translation names the same version, and says the same.
        german = f"{content}/consent/recover.de-DE.md"
        text = open(german).read().replace('version: "2.1"', 'version: "2.2"', 1)
        open(german, "w").write(text + "\nWir fragen nun auch, wie geschwollen Ihr Knie ist.\n")
        deadline = time.time() + 10
        while time.time() < deadline:
            phone.get(f"{server.url}/feed/{TODAY}")
            if "The consent form has changed" in phone.page_source:
                break
            time.sleep(0.3)
        assert phone.find_elements(By.CSS_SELECTOR, "a[href='/tasks/checkIn/0']") == [], "only the re-consent card"
        screenshot(phone, "reconsent-card-phone")
        click(phone, "Read and sign")
        assert "We now also ask how swollen your knee is." in phone.page_source
        phone.find_element(By.ID, "field-printedName").send_keys("Ada Lovelace")
        draw_signature(phone)
        click(phone, "Review")
        click(phone, "Sign")
        # Keep a copy: the record, with the new version's PDF first.
        assert phone.current_url.endswith("/consent")
        assert phone.find_element(By.LINK_TEXT, "Download the signed form (PDF)").get_attribute("href").endswith("/consent/signed-2.pdf")
        phone.get(f"{server.url}/feed/{TODAY}")
        assert phone.find_elements(By.CSS_SELECTOR, "a[href='/tasks/checkIn/0']"), "the tasks are back"

        # Leaving: from the consent record, confirmed, with a reason.
        phone.get(server.url + "/consent")
        assert len(phone.find_elements(By.CSS_SELECTOR, "article.consent-record")) == 2, "both records kept"
        click(phone, "Leave the study")
        phone.find_element(By.ID, "field-reason").send_keys("Moving abroad")
        click(phone, "Leave the study")
        assert "Tick the box to confirm" in phone.page_source
        assert phone.find_element(By.ID, "field-reason").get_attribute("value") == "Moving abroad"
        phone.find_element(By.CSS_SELECTOR, "input[name=confirm]").click()
        click(phone, "Leave the study")
        assert phone.current_url.endswith(f"/feed/{TODAY}")
        assert "You have left the study" in phone.page_source
        assert phone.find_elements(By.CSS_SELECTOR, "a[href='/tasks/checkIn/0']") == []
        screenshot(phone, "withdrawn-feed-phone")
        # The unconfirmed form's 422 is the one expected failure.
        assert [error for error in console_errors(phone) if "status of 422" not in error] == []
    finally:
        server.stop()

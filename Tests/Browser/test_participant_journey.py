"""The participant on a phone: onboarding with a drawn signature, the daily
check-in answered with the keyboard, delete and redo, locked and upcoming
days, insights, and the meniscus note with its 3D model."""
import base64
import re
import subprocess

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import TODAY, Server, console_errors, screenshot, wait_for_next_page

TOMORROW = "2026-12-01"


def click(driver, text):
    """Clicks a button or link by its words and waits for the next page."""
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.XPATH, f"//button[normalize-space()='{text}'] | //a[normalize-space()='{text}']").click()
    wait_for_next_page(driver, page)


def draw_signature(driver):
    canvas = driver.find_element(By.CSS_SELECTOR, ".signature-canvas")
    assert canvas.is_displayed(), "the signature pad shows when scripts run"
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", canvas)
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    actions = ActionBuilder(driver, mouse=finger)
    width, height = canvas.size["width"], canvas.size["height"]
    actions.pointer_action.move_to(canvas, -width // 3, 0).pointer_down()
    for step in range(1, 12):
        actions.pointer_action.move_to(canvas, -width // 3 + step * width // 18, (height // 5) * (1 if step % 2 else -1))
    actions.pointer_action.pointer_up()
    actions.perform()
    path = driver.find_element(By.CSS_SELECTOR, "input[name=signature]").get_attribute("value")
    assert path.startswith("M") and " L" in path, f"the drawing became SVG path data: {path!r}"
    return path


# The bytes at a URL, fetched by the page with its own session, as base64.
FETCH_BYTES = """
var done = arguments[arguments.length - 1];
fetch(arguments[0], {credentials: "same-origin"}).then(function (response) { return response.arrayBuffer(); })
  .then(function (buffer) {
    var bytes = new Uint8Array(buffer), text = "";
    for (var i = 0; i < bytes.length; i++) { text += String.fromCharCode(bytes[i]); }
    done(btoa(text));
  });
"""


def onboard(driver, server, draw=True):
    driver.get(server.url + "/")
    assert driver.current_url.endswith("/onboarding/1")
    screenshot(driver, "onboarding-welcome-phone")
    click(driver, "Continue")
    assert "Before you join" in driver.page_source
    assert len(driver.find_elements(By.CSS_SELECTOR, ".icon-items li")) == 4
    click(driver, "Continue")
    driver.find_element(By.ID, "field-printedName").send_keys("Ada Lovelace")
    if draw:
        path = draw_signature(driver)
        screenshot(driver, "onboarding-consent-phone")
    else:
        driver.find_element(By.CSS_SELECTOR, "input[name=typedSignature]").click()
    click(driver, "Review")
    assert driver.current_url.endswith("/onboarding/3/review")
    review = driver.page_source
    assert "Ada Lovelace" in review
    if draw:
        assert driver.find_element(By.CSS_SELECTOR, ".signature-drawing path").get_attribute("d") == path
    else:
        assert "Typed, and confirmed by the participant as their signature." in review
    screenshot(driver, "onboarding-review-phone")
    click(driver, "Sign")
    assert driver.current_url.endswith("/onboarding/4")
    click(driver, "Continue")
    assert driver.current_url.endswith("/onboarding/5")
    # Keep a copy: the PDF of what was just signed, with the name and the record's hash.
    copy = driver.find_element(By.LINK_TEXT, "Download the signed form (PDF)")
    assert copy.get_attribute("href").endswith("/consent/signed-1.pdf")
    pdf = base64.b64decode(driver.execute_async_script(FETCH_BYTES, copy.get_attribute("href")))
    assert pdf.startswith(b"%PDF-")
    text = " ".join(subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode().split())
    assert "Printed name: Ada Lovelace" in text and "Version 2.1" in text and "Protocol REB-2026-014" in text
    assert re.search(r"\b[0-9a-f]{64}\b", text), "the SHA-256 of the signed text"
    click(driver, "Go to my tasks")
    assert driver.current_url.endswith(f"/feed/{TODAY}")


def test_the_participant_journey_on_a_phone(phone, server, server_folder):
    onboard(phone, server)
    feed = phone.page_source
    assert "Join the Recover study" not in feed
    assert phone.find_element(By.CSS_SELECTOR, "a[href='/tasks/checkIn/0']").is_displayed()
    screenshot(phone, "feed-phone")

    # The check-in with the keyboard only: arrows in the pain radio group, then type the sleep.
    phone.get(server.url + "/tasks/checkIn/0")
    assert phone.find_elements(By.CSS_SELECTOR, "input[name=pain]:checked") == [], "nothing preselected"
    phone.find_element(By.ID, "field-pain-0").send_keys(Keys.SPACE)
    for _ in range(3):
        phone.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert phone.find_element(By.CSS_SELECTOR, "input[name=pain]:checked").get_attribute("value") == "3"
    phone.switch_to.active_element.send_keys(Keys.TAB)
    assert phone.switch_to.active_element.get_attribute("id") == "field-sleep"
    page = phone.find_element(By.TAG_NAME, "html")
    phone.switch_to.active_element.send_keys("7.5", Keys.ENTER)
    wait_for_next_page(phone, page)
    assert phone.current_url.endswith("/tasks/checkIn/0/done")
    click(phone, "Back to today")
    assert phone.current_url.endswith(f"/feed/{TODAY}")
    assert "Pain: 3 · Sleep: 7.5 hours" in phone.page_source

    # Delete, once asked, and redo.
    page = phone.find_element(By.TAG_NAME, "html")
    phone.find_element(By.CSS_SELECTOR, "a[href='/tasks/checkIn/0/delete']").click()
    wait_for_next_page(phone, page)
    click(phone, "Delete answers")
    assert "Pain: 3" not in phone.page_source
    phone.get(server.url + "/tasks/checkIn/0")
    phone.find_element(By.CSS_SELECTOR, "label[for=field-pain-5]").click()
    phone.find_element(By.ID, "field-sleep").send_keys("6")
    click(phone, "Save answers")
    click(phone, "Back to today")
    assert "Pain: 5 · Sleep: 6 hours" in phone.page_source

    # Insights shows both charts, with the new answer in the table.
    phone.get(server.url + "/insights")
    assert len(phone.find_elements(By.CSS_SELECTOR, "svg.chart")) >= 2
    assert "Pain (0-10) 5" in phone.page_source
    screenshot(phone, "insights-phone")

    # The featured card opens the meniscus note; the model renders on a WebGL canvas.
    page = phone.find_element(By.TAG_NAME, "html")
    phone.find_element(By.CSS_SELECTOR, "a.featured").click()
    wait_for_next_page(phone, page)
    assert phone.current_url.endswith("/education/meniscus")
    canvas = WebDriverWait(phone, 15).until(lambda driver: driver.find_elements(By.CSS_SELECTOR, ".model-stage canvas"))[0]
    WebDriverWait(phone, 15).until(lambda driver: driver.execute_script(NONBLANK, canvas))
    assert len(phone.find_elements(By.CSS_SELECTOR, ".annotation-marker")) == 5
    screenshot(phone, "education-phone")
    assert console_errors(phone) == []

    # The next day: yesterday is locked and cannot be changed; tomorrow is not open.
    server.stop()
    later = Server(server_folder, today=TOMORROW)
    try:
        phone.get(later.url + f"/feed/{TODAY}")
        assert "Past days are locked" in phone.page_source
        assert phone.find_elements(By.CSS_SELECTOR, "a[href='/tasks/checkIn/0']") == []
        assert phone.find_elements(By.CSS_SELECTOR, "a[href$='/delete']") == []
        assert len(phone.find_elements(By.CSS_SELECTOR, ".lock-note")) == 1, "said once for the day"
        phone.get(later.url + "/feed/2026-12-02")
        # Nothing to press on a day to come: each card says, once, when it opens.
        assert phone.find_elements(By.CSS_SELECTOR, ".cards a[href^='/tasks/'], .cards form, .cards button") == []
        cards = phone.find_elements(By.CSS_SELECTOR, ".cards .card")
        # The knee function questionnaire, open since Nov 30 for a week, is open already.
        windowed = [card for card in cards if "Open until Sun, Dec 6" in card.text]
        assert [card.text.splitlines()[0] for card in windowed] == ["Knee function"]
        assert "Open now. You can answer it today." in windowed[0].text
        assert all(len(re.findall(r"Opens Wed, Dec 2", card.text)) == 1 for card in cards if card not in windowed), \
            [card.text for card in cards]
        assert "Opens Wed, Dec 2 at 8:00\u202fAM" in phone.find_element(By.CSS_SELECTOR, "#card-checkIn-2").find_element(
            By.XPATH, "./ancestor::article").text
        screenshot(phone, "feed-upcoming-phone")
    finally:
        later.stop()


def test_a_typed_signature_for_a_participant_who_cannot_draw(phone, server):
    onboard(phone, server, draw=False)
    assert console_errors(phone) == []


# True once the canvas shows more than one colour: WebGL drew something.
NONBLANK = """
const canvas = arguments[0];
const probe = document.createElement('canvas');
probe.width = 64; probe.height = 64;
const context = probe.getContext('2d');
context.drawImage(canvas, 0, 0, 64, 64);
const pixels = context.getImageData(0, 0, 64, 64).data;
const colours = new Set();
for (let i = 0; i < pixels.length; i += 4) colours.add(pixels[i] + ',' + pixels[i + 1] + ',' + pixels[i + 2]);
return colours.size > 4;
"""

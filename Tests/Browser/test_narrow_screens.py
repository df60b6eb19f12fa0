"""Every page kind of the built site and of the server at 390 px: nothing
is wider than the screen, so no page scrolls sideways. Tables of values and
details are opened first, so what they hold is measured too."""
from selenium.webdriver.common.by import By

from conftest import PHONE, TODAY, Server, make_driver, screenshot, wait_for_next_page
from test_pages import SITE_PAGES
from test_participant_journey import click, onboard

OPEN_AND_MEASURE = """
document.querySelectorAll('details').forEach(function (details) { details.open = true; });
return [document.documentElement.scrollWidth, window.innerWidth];
"""


def too_wide(driver, name, found):
    """Records the page when its document is wider than the window."""
    scroll_width, inner_width = driver.execute_script(OPEN_AND_MEASURE)
    # A phone zooms out of a page wider than its screen, which widens the
    # window too: the window must stay the screen's width.
    if scroll_width > inner_width or inner_width != PHONE["width"]:
        screenshot(driver, f"too-wide-{name}")
        found[name] = (scroll_width, inner_width)


def submit(driver, selector):
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, selector).click()
    wait_for_next_page(driver, page)


def test_no_page_of_the_site_is_wider_than_a_phone(site):
    driver = make_driver(PHONE, webgl=False)
    found = {}
    try:
        for page in SITE_PAGES + ["participants/r002/index.html", "participants/r002/insights.html"]:
            driver.get((site / page).as_uri())
            too_wide(driver, page, found)
        assert found == {}
    finally:
        driver.quit()


def test_no_page_of_the_server_is_wider_than_a_phone(server_folder):
    server = Server(server_folder, participant="narrow")
    driver = make_driver(PHONE, webgl=False)
    found = {}
    try:
        for step in range(1, 6):
            driver.get(f"{server.url}/onboarding/{step}")
            too_wide(driver, f"onboarding-{step}", found)
        driver.get(f"{server.url}/onboarding/3")
        submit(driver, "button[type=submit]")
        too_wide(driver, "onboarding-3-invalid", found)

        onboard(driver, server, draw=False)
        too_wide(driver, "feed-today-open", found)
        driver.get(f"{server.url}/tasks/checkIn/0")
        too_wide(driver, "survey", found)
        driver.find_element(By.ID, "field-sleep").send_keys("25")
        submit(driver, "button[type=submit]")
        too_wide(driver, "survey-invalid", found)
        driver.find_element(By.CSS_SELECTOR, "label[for=field-pain-4]").click()
        sleep = driver.find_element(By.ID, "field-sleep")
        sleep.clear()
        sleep.send_keys("7")
        click(driver, "Save answers")
        too_wide(driver, "survey-done", found)
        driver.get(f"{server.url}/feed/{TODAY}")
        too_wide(driver, "feed-today-answered", found)
        driver.get(f"{server.url}/tasks/checkIn/0/delete")
        too_wide(driver, "delete-confirm", found)
        for name, path in [("feed-upcoming", "/feed/2026-12-02"), ("not-open-yet", "/tasks/checkIn/2"),
                           ("not-found", "/nothing/here"), ("insights", "/insights"), ("education", "/education"),
                           ("education-note", "/education/meniscus"), ("consent", "/consent"),
                           ("consent-document", "/consent/recover"), ("withdraw", "/withdraw")]:
            driver.get(server.url + path)
            too_wide(driver, name, found)
        submit(driver, "form[action='/withdraw'] button[type=submit]")
        too_wide(driver, "withdraw-unconfirmed", found)
        driver.get(f"{server.url}/feed/{TODAY}")
        assert found == {}
    finally:
        driver.quit()
        server.stop()

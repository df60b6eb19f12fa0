"""Understanding before signing (SPEC §14): a study whose onboarding asks two questions about the consent before it,
as ResearchKit's consent review quiz does. A wrong answer shows its explanation and asks again; the consent opens only
once both are right; the signed form then downloads as a PDF; the answers, the wrong one too, are in the audit trail."""
import base64
import os
import re
import shutil
import subprocess
from pathlib import Path

from selenium.webdriver.common.by import By

from conftest import ROOT, SURGERY, Server, console_errors, screenshot
from test_participant_journey import FETCH_BYTES, click, draw_signature

QUIZ = """\
  - type: form
    title: A few questions first
    text: To be sure the form is clear. There is no wrong way to feel about it.
    items:
      - id: canLeave
        text: Can you leave the study at any time, without saying why?
        required: true
        answer: boolean
        expect: true
        explain: >-
          Yes, you can. Taking part is your choice, and you can stop at any time
          without saying why. Your care stays the same.
      - id: isTreatment
        text: Is Recover a treatment for your knee?
        required: true
        answer: boolean
        expect: false
        explain: No. Recover is a research study, not a treatment.
  - type: consent
"""


def quiz_study(folder):
    """Recover in English only, with the two questions before its consent step."""
    content = Path(folder) / "content"
    shutil.copytree(ROOT / "content", content)
    for translation in content.rglob("*.de-DE.*"):
        translation.unlink()
    study = content / "study.yaml"
    study.write_text(study.read_text().replace("languages: [en-US, de-DE]", "languages: [en-US]"))
    onboarding = content / "tasks" / "onboarding.md"
    onboarding.write_text(onboarding.read_text().replace("  - type: consent\n", QUIZ, 1))
    return content


def test_a_wrong_answer_is_explained_and_asked_again_and_the_consent_opens_once_both_are_right(phone, server_folder):
    content = quiz_study(server_folder)
    server = Server(server_folder, extra=("--content", str(content)), dates=SURGERY)
    try:
        phone.get(server.url + "/")
        click(phone, "Continue")
        click(phone, "Continue")
        assert phone.current_url.endswith("/onboarding/3")
        # The consent step does not open before the questions are answered right.
        phone.get(server.url + "/onboarding/4")
        assert phone.current_url.endswith("/onboarding/3")

        phone.find_element(By.CSS_SELECTOR, "input[name=canLeave][value=no]").click()
        phone.find_element(By.CSS_SELECTOR, "input[name=isTreatment][value=no]").click()
        click(phone, "Continue")
        assert phone.current_url.endswith("/onboarding/3"), "asked again"
        page = phone.page_source
        assert "Taking part is your choice, and you can stop at any time without saying why." in page
        assert "No. Recover is a research study" not in page, "only the wrong answer is explained"
        screenshot(phone, "consent-quiz-wrong-phone")

        phone.find_element(By.CSS_SELECTOR, "input[name=canLeave][value=yes]").click()
        click(phone, "Continue")
        assert phone.current_url.endswith("/onboarding/4"), "the consent opens once both are right"
        # A wrong answer after the right ones closes the consent again until it is right.
        phone.get(server.url + "/onboarding/3")
        phone.find_element(By.CSS_SELECTOR, "input[name=isTreatment][value=yes]").click()
        click(phone, "Continue")
        assert "No. Recover is a research study, not a treatment." in phone.page_source
        phone.get(server.url + "/onboarding/4")
        assert phone.current_url.endswith("/onboarding/3")
        phone.find_element(By.CSS_SELECTOR, "input[name=isTreatment][value=no]").click()
        click(phone, "Continue")
        assert phone.current_url.endswith("/onboarding/4")
        phone.find_element(By.ID, "field-printedName").send_keys("Ada Lovelace")
        draw_signature(phone)
        click(phone, "Review")
        click(phone, "Sign")
        phone.find_element(By.CSS_SELECTOR, "input[name=grant][value=shareHealthData]").click()
        click(phone, "Continue")
        assert phone.current_url.endswith("/onboarding/6")
        copy = phone.find_element(By.LINK_TEXT, "Download the signed form (PDF)")
        pdf = base64.b64decode(phone.execute_async_script(FETCH_BYTES, copy.get_attribute("href")))
        text = " ".join(subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode().split())
        assert "Printed name: Ada Lovelace" in text
        click(phone, "Go to my tasks")
        # The wrong answer came back as 422, as a form with a mistake does: nothing else went wrong.
        assert [error for error in console_errors(phone) if "status of 422" not in error] == []
    finally:
        server.stop()
    # The answers, the wrong one too, in the order given, before the consent they led to.
    site = Path(server_folder) / "Site"
    subprocess.run([str(Path(os.environ["CAREFEED"]).resolve()), "build", "--content", str(content), "--store",
                    str(Path(server_folder) / "care.sqlite"), "--out", str(site)], check=True, capture_output=True)
    audit = (site / "participants" / "journey" / "audit.html").read_text()
    rows = re.findall(r"<th scope=\"row\">([^<]*)</th><td[^>]*>([^<]*)</td><td[^>]*>([^<]*)", audit)
    quiz = [(subject, detail) for event, subject, detail in rows if event == "Answered a question about the consent"]
    leave, treatment = "Can you leave the study at any time, without saying why?", "Is Recover a treatment for your knee?"
    assert quiz == [(leave, "No: Not right, asked again"), (treatment, "No: Right"),
                    (leave, "Yes: Right"), (treatment, "No: Right"),
                    (leave, "Yes: Right"), (treatment, "Yes: Not right, asked again"),
                    (leave, "Yes: Right"), (treatment, "No: Right")]
    events = [event for event, _, _ in rows]
    assert events.index("Answered a question about the consent") < events.index("Consent signed")

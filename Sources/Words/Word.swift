/// Every built-in word CareFeed puts on a page, by its key in the catalogs
/// (`Files/en.json` and the others). Each shipped catalog has exactly these
/// keys, as a test checks.
public enum Word: String, CaseIterable, Sendable {
    case aDay, addReminders, adherence, alertCallUs, alertCallUsText, adherenceByWeekHeading, adherenceFootnote, afternoon, agoToday, agoYesterday, auditQuizAnswered, auditChainHead, allDayLong, answerScale, answerNumber, answerAnyNumber, answerOneOf, answerAnyOf, answerText, answerDate, answerTime,
         allNotes, allowed, alreadyAnswered, alreadyAnsweredText, answerOrPreferNot, answeredQuestion, anyTimeThatDay,
         anyTimeToday, asNeeded, ascending, atLeast, atMost, atMostDecimals, atTime, auditAnswerDeleted,
         auditAnswerSaved, auditCaption, auditConsentPublished, auditConsentSigned, auditDeviceJoined,
         auditDateChanged, auditDateGiven, auditDevicesRevoked, auditEmpty, auditInvited, auditLead, auditPermissionAnswered, auditReconsentSigned,
         auditSignedOut, auditWithdrew
    case back, backToToday, barChart, beforeEnrollment, begin, boxDone, boxDoneAt, boxNotDone, byWeekCaption, byWeekLead
    case calendarAlarm, calendarElementText, calendarOpenAllDay, calendarOpenFrom, calendarOpenUntil, callContact, callContactNamed, chartCount, columnAnswers, columnChangeCount, columnChangeFrom, columnMedianAndMiddleHalf, columnQuestion, columnTask, columnDays, columnOpenFor, columnAnswer, columnAskedWhen, columnRequired, consentVersionsHeading, columnFirstPublished, columnInForceFrom,
         cancel, cancelKeep, cannotBeUndone, cannotBeUndoneText, cannotDrawHint, careTeam, careTeamDocument,
         careTeamLead, careTeamLeadCall, careTeamLeadClinician, change, changeLanguage, chartDescription, chartTableCaption,
         checkBeforeSign, choiceWhen, choiceWithBrowser, choicesMade, chooseAllThatApply, chooseDayBetween,
         chooseDayOrEarlier, chooseDayOrLater, chooseFromOptions, chooseLanguage, chooseOne, chooseScaleNumber,
         chooseYesOrNo, clearSignature, columnAdherenceWeek, columnCount, columnDetail, columnEnrolledInAll,
         columnEnrolledThatDay, columnEvent, columnMedian, columnMiddleHalf, columnParticipant, columnParticipants,
         columnStage, columnVisit, columnSubject, columnTime, columnWeek, consentChanged, consentChangedText, consentDocument,
         consentReadIt, consentRecord, contentHasErrors, `continue`, currentLanguage
    case dataAsOf, dateWas, day, dayAndAgo, dayAtTime, dayFromTo, dayLocked, dayLockedText, dayOfStudyToday, dayOfTheStudy, downloadSignedForm, daysFromDate, daysCount,
         dayOrEarlier, dayOrLater, dayRange, dayRing, days, daysAgo, decimalsAllowed, degreesOfBend,
         deleteAndAnswerAgain, deleteAnswers, deleteExplained, deleteTheseAnswers, deletedNoValues, deletedValues,
         deleting, descending, documentAsSigned, documentTitleVersion, documentTitleVersionID, documentVersion,
         documents, done, doneAt, doneNoAnswers, doneOfTotal, doneTurning, downloadExplained, downloadMyData,
         drawOrTick, drawnSignature
    case educationNotes, emailContact, emailContactNamed, emergencyFirst, emergencyFirstCall, enrolmentCaption, enrolmentHeading, enterDate, enterNumber,
         enterNumberOf, enterTime, enterWholeNumber, entriesLoggedThisDay, entriesLoggedToday, errorAfterLabel,
         errorAfterQuestion, errorNothingChanged, evening, exactlyWhatIsRecorded
    case factAdherenceOverall, factAdherenceWeek, factDayOfStudy, factDocument, factEnrolled, factFlags, factJoined, flowLostToFollowUp, filterAll, filterLegend, filterOption, fromTheStart,
         factLastAnswer, factLatest, factPrintedName, factSigned, factStatus, finishedHeading,
         finishedText, flagAlertOn, flagDayCounts, flagRuleAlert, flagRuleVisit, flagVisitNotAnswered, flagNoneSince, flagNoneYet, flagNotChosen, flagNotShared, flagRule, flagValueOn,
         flaggedFirst, flowActive, flowCaption, flowConsented, flowEnrolled, flowFinished, flowHeading, flowJoined,
         flowNotJoined, flowNow, flowWithdrawn, flowWithdrawnReasons, formErrorNothingSaved, formFromAnotherSite,
         formNotUnderstood, formOutOfDate, fromTo
    case goToConsentForm, goToMyTasks, goToThatStep, goToToday
    case hashDiffers, hashMatches, holdStill, howTo, howToAnswer
    case iWantToLeave, instrumentsHeading
    case join, joinFirst, joinFirstText, joinStart, joinText, joinTitle
    case keepACopy, keepToCharacters
    case labelledAnswer, languageLegend, languageNotOffered, languageNotOfferedText, largestBend, lastGoodShown,
         leaveAnyTime, leaveInstead, leaveTheStudy, leavingTheStudy, legendWithUnit, letterHelp, letterIntro,
         letterOnce, letterTitle, lineChart, linkNotWorkingText, linkNotWorkingTitle, listSeparator, logAnEntry,
         loggedAt, logging, lookAtToday
    case mainNavigation, markAsDone, measureAgain, measureBend, measureDone, measureDoneStep, measureHold, measureSit,
         measureStart, measureStraighten, measureTitle, measuredDegrees, measuring, measuringStopped, modelHelp,
         moreQuestions, morning, motionBlocked, motionSensorsBlocked
    case nameAndID, nameTooLong, nameWithheld, navAuditTrail, navConsent, navFeed, navInsights, navLearn, navOverview, noConsentPublished,
         navParticipants, night, no, noAnswer, noAnswerThisDay, noAnswerThoughDue, noAnswerTitle, noAnswersYetFrom,
         noCharts, noConsentYet, noContacts, noEntryNamed, noFlags, noMoreEntries, noMoreEntriesText, noMovement,
         noPageHere, noReasonGiven, noSuchDay, noSuchDayText, noTasksYet, noValues, noValuesYet, noneYet, notAForm,
         notAllowed, notAllowedTitle, notCheckedNotChosen, notCheckedNotShared, notChosenYet, notDone, notDoneThisDay,
         notDoneYet, notDue, notEnoughAnswers, notJoinedOnDay, notJoinedYet, notOfferedToday, notOfferedTodayText,
         notOpenYet, notOpenYetText, notSaved, notShared, notSigned, notYet, notesLead, nothingLoggedThisDay,
         nothingLoggedToday, nothingScheduled, nothingScheduledFrom, nothingToDo, nothingToLeave, notificationsBlocked
    case openModel, openNotAnswered, openNoteAndModel, openNow, openUntil, openYourLinkText, openYourLinkTitle, opensOn,
         optional, overviewChartTitle, overviewCountsToday, overviewLead, overviewTitle
    case pageNotFound, pageOutOfDate, partOfDayFrom, participantCount, participantCountFlagged, participantID, preferNotHeading, preferNotLead, pdfFooter, pdfFooterProtocol, protocolTitle, protocolLink,
         participantsCaption, pastDaysLocked, permissions, pleaseAnswer, pleaseCheck, pleaseCheckAnswers,
         pleaseTryAgain, pointAnswered, pointTitle, preferNotToAnswer, previewShowsEdits, printedNameLabel,
         protocolApproved
    case questionsAdded, questionsRemoved, quizNotRight, quizRight, quizAskedAgain
    case readAndSign, readNewConsentFirst, readNewConsentFirstText, readNewVersion, readTheConsentForm, reasonGiven,
         reasonNotShown, reasonTooLong, remindersOnPhone, remindersText, remove, removing, required, resetView, review, ringDone,
         ringDoneMissed, ringNoTasks, ringToCome, ruleAbove, ruleBelow, ruleDropBy, ruleNotMeasured, ruleSilent
    case saveAnswers, saveLanguage, savePrintCopy, savedAt, saving, scaleEnd, scaleRange, scheduleOfActivities, scheduleOfActivitiesLead, studyDays, scoreMean, scoreSum, scoreReversed,
         scatterChart, scheduledFor, scoreNotEnough, scoreOf, scoreOfHigherBetter, scoreOfLowerBetter, scoreValue,
         seeTheReference, seeWhatYouSigned, sendAsForm,
         seriesNotChosen, seriesNotShared, shares, sign, signConsentFirst, signConsentFirstText, signOut,
         signWithFinger, signature, signatureAreaDrawn, signatureAreaEmpty, signatureAreaFull, signatureCleared,
         signatureDrawn, signatureInvalid, signatureOf, signatureTooSmall, signatureUnreadable, signatureWithheldDrawn,
         signatureWithheldTyped, signedAs, signedDetail, signedOutText, signedOutTitle, skipToContent, smallerNumber,
         soFar, somethingWentWrong, sortBy, sortHint, sortedBy, startsOn, statusActive, statusNotJoined,
         statusNotJoinedExplained, statusReconsentExplained, statusReconsentPending, statusWithdrawn,
         statusWithdrawnExplained, stayInStudy, stepNotAnswered, stepNotAnsweredText, stepOf, storageFull,
         storageNotWritten, storageReadOnly, storedBeforeConsent, storedTextDiffers, studyFinished,
         studyFinishedClinician
    case tableOfValues, tapToUndo, tapUnclear, tapsNotChosen, tapsNotShared, taskOnDay, taskVisit, theEntryLoggedAt, theReference, taskVersionsHeading,
         tickToConfirmLeave, timesADay, today, todaysFeed, tooManyTriesText, tooManyTriesTitle, turnTheModel,
         typeFullName, typedConfirmed, typedNameIsSignature, typedSignature, typedSignatureKind
    case valueInTask, valueOnDay, valueWithUnit, valuesWithheld, version, versionReplaces, versionWhichReplaces, visitValuesCaption
    case visitAfterWithdrawal, visitBeforeJoining, visitDone, visitDoneLate, visitMissed, visitNoDateYet, visitNotYetDue,
         visitOpen, visitsCaption, visitsHeading
    case waitingForDate, weekNumber, weekOf, welcomeJoin, whatFlagsMean, whatIsKept, whatIsKeptText, whatStops, whatStopsText,
         whatYouAllow, whoToCall, wholeCareTeam, wholeStudy, whyLeaving, withdrawnOnDay, withdrewOn,
         withdrewOnWithReason
    case yes, yesOrNo, youHaveLeft, youHaveLeftText, youHaveLeftTitle, yourAnswersTo, yourInsights, yourSignature
}

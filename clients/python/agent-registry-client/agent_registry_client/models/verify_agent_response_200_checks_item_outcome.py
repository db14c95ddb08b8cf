from enum import StrEnum


class VerifyAgentResponse200ChecksItemOutcome(StrEnum):
    ABSENT = "absent"
    FAIL = "fail"
    PASS = "pass"
    UNREACHABLE = "unreachable"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class GetTeamResponse200Role(StrEnum):
    ADMIN = "admin"
    AUDITOR = "auditor"
    BILLING = "billing"
    OPERATOR = "operator"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)

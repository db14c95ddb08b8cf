from enum import StrEnum


class ListTeamsResponse200DataItemRole(StrEnum):
    ADMIN = "admin"
    AUDITOR = "auditor"
    BILLING = "billing"
    OPERATOR = "operator"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)

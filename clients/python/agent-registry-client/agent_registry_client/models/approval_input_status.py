from enum import StrEnum


class ApprovalInputStatus(StrEnum):
    APPROVED = "approved"
    EXPIRED = "expired"
    PENDING = "pending"
    REFUSED = "refused"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class MakeOfferResponse202Status(StrEnum):
    APPROVAL_REQUIRED = "approval_required"

    def __str__(self) -> str:
        return str(self.value)

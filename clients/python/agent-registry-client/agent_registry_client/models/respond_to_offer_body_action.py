from enum import StrEnum


class RespondToOfferBodyAction(StrEnum):
    ACCEPT = "accept"
    REJECT = "reject"

    def __str__(self) -> str:
        return str(self.value)

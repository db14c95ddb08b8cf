from enum import StrEnum


class RespondToOfferResponse409Type0OfferDirection(StrEnum):
    INCOMING = "incoming"
    OUTGOING = "outgoing"

    def __str__(self) -> str:
        return str(self.value)

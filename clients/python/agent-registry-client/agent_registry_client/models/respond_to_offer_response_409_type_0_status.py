from enum import StrEnum


class RespondToOfferResponse409Type0Status(StrEnum):
    ERROR = "error"

    def __str__(self) -> str:
        return str(self.value)

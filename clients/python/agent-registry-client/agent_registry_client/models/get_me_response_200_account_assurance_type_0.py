from enum import StrEnum


class GetMeResponse200AccountAssuranceType0(StrEnum):
    ANONYMOUS = "anonymous"
    CLAIMED = "claimed"

    def __str__(self) -> str:
        return str(self.value)

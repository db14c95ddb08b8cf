from enum import StrEnum


class ListNamespacesResponse200NamespacesItemType1RegistrationLaunchPhase(StrEnum):
    COMING_SOON = "coming_soon"
    PUBLIC = "public"
    SUNRISE = "sunrise"

    def __str__(self) -> str:
        return str(self.value)

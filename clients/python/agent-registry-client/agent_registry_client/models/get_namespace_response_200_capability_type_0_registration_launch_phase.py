from enum import StrEnum


class GetNamespaceResponse200CapabilityType0RegistrationLaunchPhase(StrEnum):
    COMING_SOON = "coming_soon"
    PUBLIC = "public"
    SUNRISE = "sunrise"

    def __str__(self) -> str:
        return str(self.value)

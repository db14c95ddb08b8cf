from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.get_namespace_response_200_capability_type_0_registration_launch_phase import (
    GetNamespaceResponse200CapabilityType0RegistrationLaunchPhase,
)

if TYPE_CHECKING:
    from ..models.get_namespace_response_200_capability_type_0_registration_term_limits import (
        GetNamespaceResponse200CapabilityType0RegistrationTermLimits,
    )


T = TypeVar("T", bound="GetNamespaceResponse200CapabilityType0Registration")


@_attrs_define
class GetNamespaceResponse200CapabilityType0Registration:
    """
    Attributes:
        available (bool):
        checkout_enabled (bool):
        launch_phase (GetNamespaceResponse200CapabilityType0RegistrationLaunchPhase):
        term_limits (GetNamespaceResponse200CapabilityType0RegistrationTermLimits):
    """

    available: bool
    checkout_enabled: bool
    launch_phase: GetNamespaceResponse200CapabilityType0RegistrationLaunchPhase
    term_limits: GetNamespaceResponse200CapabilityType0RegistrationTermLimits

    def to_dict(self) -> dict[str, Any]:
        available = self.available

        checkout_enabled = self.checkout_enabled

        launch_phase = self.launch_phase.value

        term_limits = self.term_limits.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "available": available,
                "checkout_enabled": checkout_enabled,
                "launch_phase": launch_phase,
                "term_limits": term_limits,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_namespace_response_200_capability_type_0_registration_term_limits import (
            GetNamespaceResponse200CapabilityType0RegistrationTermLimits,  # noqa: PLC0415
        )

        d = dict(src_dict)
        available = d.pop("available")

        checkout_enabled = d.pop("checkout_enabled")

        launch_phase = GetNamespaceResponse200CapabilityType0RegistrationLaunchPhase(d.pop("launch_phase"))

        term_limits = GetNamespaceResponse200CapabilityType0RegistrationTermLimits.from_dict(d.pop("term_limits"))

        get_namespace_response_200_capability_type_0_registration = cls(
            available=available,
            checkout_enabled=checkout_enabled,
            launch_phase=launch_phase,
            term_limits=term_limits,
        )

        return get_namespace_response_200_capability_type_0_registration

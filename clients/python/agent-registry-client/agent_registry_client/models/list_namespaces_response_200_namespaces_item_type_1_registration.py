from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.list_namespaces_response_200_namespaces_item_type_1_registration_launch_phase import (
    ListNamespacesResponse200NamespacesItemType1RegistrationLaunchPhase,
)

if TYPE_CHECKING:
    from ..models.list_namespaces_response_200_namespaces_item_type_1_registration_term_limits import (
        ListNamespacesResponse200NamespacesItemType1RegistrationTermLimits,
    )


T = TypeVar("T", bound="ListNamespacesResponse200NamespacesItemType1Registration")


@_attrs_define
class ListNamespacesResponse200NamespacesItemType1Registration:
    """
    Attributes:
        available (bool):
        checkout_enabled (bool):
        launch_phase (ListNamespacesResponse200NamespacesItemType1RegistrationLaunchPhase):
        term_limits (ListNamespacesResponse200NamespacesItemType1RegistrationTermLimits):
    """

    available: bool
    checkout_enabled: bool
    launch_phase: ListNamespacesResponse200NamespacesItemType1RegistrationLaunchPhase
    term_limits: ListNamespacesResponse200NamespacesItemType1RegistrationTermLimits

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
        from ..models.list_namespaces_response_200_namespaces_item_type_1_registration_term_limits import (
            ListNamespacesResponse200NamespacesItemType1RegistrationTermLimits,  # noqa: PLC0415
        )

        d = dict(src_dict)
        available = d.pop("available")

        checkout_enabled = d.pop("checkout_enabled")

        launch_phase = ListNamespacesResponse200NamespacesItemType1RegistrationLaunchPhase(d.pop("launch_phase"))

        term_limits = ListNamespacesResponse200NamespacesItemType1RegistrationTermLimits.from_dict(d.pop("term_limits"))

        list_namespaces_response_200_namespaces_item_type_1_registration = cls(
            available=available,
            checkout_enabled=checkout_enabled,
            launch_phase=launch_phase,
            term_limits=term_limits,
        )

        return list_namespaces_response_200_namespaces_item_type_1_registration
